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
  /** Until the limiter has been asked (the bucket's name is hashed first). */
  const untilAsked = async () => {
    while (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { ctx, held, releaseAll, untilAsked };
}

// A request that goes on at once hands its count to `waitUntil`; one that waits never does, and its
// answer comes only once the test releases the limiter's.
describe("the API allowance's hot path", () => {
  it("waits for the limiter the first time, then lets requests go on while their counts travel", async () => {
    const { ctx, held, releaseAll, untilAsked } = heldLimiter();
    const bucket = { kind: "token" as const, key: crypto.randomUUID() };
    const sent: Promise<unknown>[] = [];
    let answered = false;
    const first = takeApiRequest(ctx, bucket, (work) => sent.push(work)).then((verdict) => {
      answered = true;
      return verdict;
    });
    await untilAsked();
    expect(held).toHaveLength(1);
    expect(answered).toBe(false);
    expect(sent).toHaveLength(0);
    await releaseAll();
    expect(await first).toMatchObject({ allowed: true, remaining: LIMIT - 1 });

    // Well inside the allowance: answered while the limiter still holds its count.
    const second = await takeApiRequest(ctx, bucket, (work) => sent.push(work));
    expect(second).toMatchObject({ allowed: true, remaining: LIMIT - 2 });
    expect(held).toHaveLength(1);
    expect(sent).toHaveLength(1);
    await releaseAll();
    expect(await sent[0]).toMatchObject({ allowed: true, remaining: LIMIT - 2 });
  });

  it("waits again once the allowance left comes within the margin, and refuses past the limit", async () => {
    const { ctx, releaseAll, untilAsked } = heldLimiter();
    const bucket = { kind: "user" as const, key: crypto.randomUUID() };
    let wentOn = 0;
    const verdicts: (WindowVerdict | null)[] = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      const taking = takeApiRequest(ctx, bucket, () => wentOn++);
      await untilAsked();
      await releaseAll();
      verdicts.push(await taking);
    }
    expect(verdicts.slice(0, LIMIT).every((verdict) => verdict?.allowed)).toBe(true);
    expect(verdicts[LIMIT]).toMatchObject({ allowed: false, remaining: 0 });
    // The first request, and each one from the margin on, waited for its count.
    expect(LIMIT + 1 - wentOn).toBe(1 + unwaitedMargin(LIMIT) + 1);
  });
});
