// The API allowance's hot path (ADR 055): a request well inside its window's allowance goes on at
// once while its count travels to the limiter; near the limit, or for a bucket the isolate has not
// heard of, it waits for the count. The limiter here is a stand-in whose answers the test releases.
import { describe, expect, it } from "vitest";
import { takeApiRequest, unwaitedMargin } from "../../workers/domain/api-limits";
import type { WindowVerdict } from "../../workers/domain/rate-limits";

const LIMIT = 20;

/** A limiter that counts like the real one but answers only when the test says so. */
function heldLimiter() {
  let count = 0;
  const held: (() => void)[] = [];
  const stub = {
    hitWindow: (limit: number) =>
      new Promise<WindowVerdict>((resolve) => {
        held.push(() => {
          const allowed = count < limit;
          if (allowed) count++;
          resolve({ allowed, limit, remaining: limit - count, resetInMs: 60_000 });
        });
      }),
  };
  const env = { RATE_LIMITER: { idFromName: (name: string) => name, get: () => stub } };
  const ctx = { env, config: { API_RATE_LIMIT_PER_TOKEN: LIMIT, API_RATE_LIMIT_PER_USER: LIMIT, API_RATE_LIMIT_WINDOW_SECONDS: 60 } } as unknown as Parameters<
    typeof takeApiRequest
  >[0];
  const releaseAll = async () => {
    while (held.length) held.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { ctx, held, releaseAll };
}

const settledSoon = async <T>(promise: Promise<T>) => Promise.race([promise, new Promise<"waiting">((resolve) => setTimeout(() => resolve("waiting"), 20))]);

describe("the API allowance's hot path", () => {
  it("waits for the limiter the first time, then lets requests go on while their counts travel", async () => {
    const { ctx, held, releaseAll } = heldLimiter();
    const bucket = { kind: "token" as const, key: crypto.randomUUID() };
    const sent: Promise<unknown>[] = [];
    const first = takeApiRequest(ctx, bucket, (work) => sent.push(work));
    expect(await settledSoon(first)).toBe("waiting");
    await releaseAll();
    expect(await first).toMatchObject({ allowed: true, remaining: LIMIT - 1 });

    // Well inside the allowance: answered before the limiter is, and counted all the same.
    const second = await settledSoon(takeApiRequest(ctx, bucket, (work) => sent.push(work)));
    expect(second).toMatchObject({ allowed: true, remaining: LIMIT - 2 });
    expect(held).toHaveLength(1);
    expect(sent).toHaveLength(1);
    await releaseAll();
  });

  it("waits again once the allowance left comes within the margin, and refuses past the limit", async () => {
    const { ctx, releaseAll } = heldLimiter();
    const bucket = { kind: "user" as const, key: crypto.randomUUID() };
    let waited = 0;
    const verdicts: (WindowVerdict | null)[] = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      const taking = takeApiRequest(ctx, bucket, () => {});
      if ((await settledSoon(taking)) === "waiting") waited++;
      await releaseAll();
      verdicts.push(await taking);
    }
    expect(verdicts.slice(0, LIMIT).every((verdict) => verdict?.allowed)).toBe(true);
    expect(verdicts[LIMIT]).toMatchObject({ allowed: false, remaining: 0 });
    // The first request, and each one from the margin on, waited for its count.
    expect(waited).toBe(1 + unwaitedMargin(LIMIT) + 1);
  });
});
