// The AI assistant against the fake OpenAI-compatible endpoint (tests/fakes/ai): sanitised answers,
// the empty answer, the monthly quota under concurrency, provider failures that are not counted,
// an unconfigured server, access, and the streamed answer. The Workers AI adapter is tested against
// an object shaped like the `AI` binding, as there is no local Workers AI to call.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { fetchWorker } from "../helpers/worker";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  AI_EMPTY_ANSWER,
  AI_MONTHLY_QUOTA,
  AI_PROVIDER_FAILED,
  AI_QUOTA_REACHED,
  AI_TASK_REQUIRED,
  AI_TIMED_OUT,
  AI_UNCONFIGURED,
  type AiStreamEvent,
  EVENT_STREAM,
  readAiStream,
} from "../../workers/domain/schemas/ai-assistant";
import worker from "../../workers/index";
import { workersAiProvider } from "../../workers/integrations/ai/workers-ai";
import { FAKE_AI_KEY, FAKE_AI_MODEL, type FakeAiRequest } from "../fakes/ai/server";
import { ORIGIN, type Client, signUp } from "../helpers/api";
import { expectStatus } from "../helpers/fixtures";
import { rows } from "../helpers/issue-fixtures";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";

const assistantPath = (p: ProjectFixture) => `${p.base}/ai-assistant/`;
const fakeAiUrl = () => env.AI_API_URL.replace(/\/v1$/, "");
const fakeRequests = async () => (await (await fetch(`${fakeAiUrl()}/_fake/requests`)).json()) as FakeAiRequest[];

const usedThisMonth = async (userId: string) =>
  (await rows<{ count: number }>("SELECT count FROM ai_usage WHERE user_id = ? AND period = ?", userId, new Date().toISOString().slice(0, 7)))[0]?.count ?? 0;

/** A request through the real Worker with `vars` changed: config is read per env object. */
async function callWithEnv(vars: Record<string, unknown>, client: Client, path: string, body: unknown) {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { cookie: client.cookie, "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify(body),
  });
  const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, { ...env, ...vars } as unknown as Env, ctx);
  await waitOnExecutionContext(ctx);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Reads a streamed answer's events to the end. */
async function eventsOf(response: Response | null): Promise<AiStreamEvent[]> {
  const events: AiStreamEvent[] = [];
  for await (const event of readAiStream(response?.body as ReadableStream<Uint8Array>)) events.push(event);
  return events;
}

/** POSTs asking for a stream and reads every event. */
async function streamed(client: Client, path: string, body: unknown) {
  const response = await fetchWorker(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { cookie: client.cookie, "content-type": "application/json", accept: EVENT_STREAM, origin: ORIGIN },
    body: JSON.stringify(body),
  }).catch(() => null);
  return response;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("asking the assistant", () => {
  it("answers the model's markdown and sanitised HTML, never a script, and counts the request", async () => {
    const p = await createProjectFixture();
    const quota = await p.owner.get(assistantPath(p));
    expectStatus(quota, 200);
    expect(quota.body).toEqual({ limit: 50, used: 0, remaining: 50 });

    const answer = await p.owner.post(assistantPath(p), { prompt: "Checkout page times out", task: "Write a description." });
    expectStatus(answer, 200);
    expect(answer.body.response).toContain("This is what the assistant wrote about **Checkout page times out**.");
    expect(answer.body.response_html).toContain("<strong>Checkout page times out</strong>");
    expect(answer.body.response_html).toContain("<li>First point</li>");
    expect(answer.body.remaining).toBe(49);
    expect((await p.owner.get(assistantPath(p))).body).toEqual({ limit: 50, used: 1, remaining: 49 });

    const hostile = await p.owner.post(assistantPath(p), { prompt: "[fake:script]", task: "Say something." });
    expectStatus(hostile, 200);
    expect(hostile.body.response).toContain("<script>");
    expect(hostile.body.response_html).toContain("<strong>Safe</strong>");
    expect(hostile.body.response_html).not.toMatch(/<script|onerror|javascript:/i);
    expect(JSON.stringify(hostile.body)).not.toContain(FAKE_AI_KEY);
  });

  it("sends the task and the text to the configured model with the key", async () => {
    const p = await createProjectFixture();
    const marker = `Marker ${crypto.randomUUID()}`;
    expectStatus(await p.owner.post(assistantPath(p), { prompt: marker, task: "Summarise." }), 200);
    const asked = (await fakeRequests()).find((r) => r.messages.some((m) => m.content.includes(marker)));
    expect(asked).toMatchObject({ model: FAKE_AI_MODEL, stream: false });
    expect(asked?.messages.at(-1)?.content).toBe(`Summarise.\n\n${marker}`);
  });

  it("answers an empty response with the reason, and requires a task", async () => {
    const p = await createProjectFixture();
    const empty = await p.owner.post(assistantPath(p), { prompt: "[fake:empty]", task: "Write." });
    expectStatus(empty, 200);
    expect(empty.body).toEqual({ response: "", response_html: "", remaining: 49, detail: AI_EMPTY_ANSWER });

    for (const body of [{ prompt: "x" }, { prompt: "x", task: "   " }, { prompt: "x", task: 3 }]) {
      const refused = await p.owner.post(assistantPath(p), body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toEqual({ task: [AI_TASK_REQUIRED] });
    }
    expect((await p.owner.post(assistantPath(p), { prompt: "x".repeat(20_001), task: "Write." })).status).toBe(400);
    expect((await p.owner.post(assistantPath(p), { task: "x".repeat(2_001) })).status).toBe(400);
    expect((await p.owner.post(assistantPath(p), [])).status).toBe(400);
    expect(await usedThisMonth(p.owner.user.id)).toBe(1);
  });

  it("is for project members only", async () => {
    const p = await createProjectFixture();
    const stranger = await signUp({ first_name: "Stranger" });
    expect((await stranger.post(assistantPath(p), { prompt: "x", task: "Write." })).status).toBe(403);
    expect((await stranger.get(assistantPath(p))).status).toBe(403);
    const other = await createProjectFixture(stranger);
    expect((await stranger.post(`/api/workspaces/${other.slug}/projects/${p.projectId}/ai-assistant/`, { prompt: "x", task: "Write." })).status).toBe(404);
    expect(await usedThisMonth(stranger.user.id)).toBe(0);
    const guest = await addMember(p, 5, "Guest");
    expectStatus(await guest.post(assistantPath(p), { prompt: "Guest text", task: "Write." }), 200);
  });
});

describe("the monthly quota", () => {
  it("lets exactly 50 of 60 concurrent requests through, then resets in a new month", async () => {
    const p = await createProjectFixture();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => p.owner.post(assistantPath(p), { prompt: `Request ${i}`, task: "Write." })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(AI_MONTHLY_QUOTA);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    for (const refused of answers.filter((a) => a.status === 429)) expect(refused.body).toEqual({ error: AI_QUOTA_REACHED });
    expect(answers.map((a) => a.body.remaining).filter((r) => r !== undefined).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(await usedThisMonth(p.owner.user.id)).toBe(50);
    expect((await p.owner.get(assistantPath(p))).body).toEqual({ limit: 50, used: 50, remaining: 0 });

    // The first instant of next month (UTC): the allowance is whole again.
    const now = new Date();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)));
    expect((await p.owner.get(assistantPath(p))).body).toEqual({ limit: 50, used: 0, remaining: 50 });
    const next = await p.owner.post(assistantPath(p), { prompt: "Next month", task: "Write." });
    expectStatus(next, 200);
    expect(next.body.remaining).toBe(49);
  });
});

describe("when the provider fails", () => {
  it("answers 502 for a provider error, a broken answer, no connection and a timeout, and counts none", async () => {
    const p = await createProjectFixture();
    const failed = await p.owner.post(assistantPath(p), { prompt: "[fake:500]", task: "Write." });
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({ error: AI_PROVIDER_FAILED });
    const broken = await p.owner.post(assistantPath(p), { prompt: "[fake:broken]", task: "Write." });
    expect(broken.status).toBe(502);

    // Nothing listens there: the connection is refused.
    const unreachable = await callWithEnv({ AI_API_URL: "http://127.0.0.1:9/v1" }, p.owner, assistantPath(p), { prompt: "x", task: "Write." });
    expect(unreachable).toEqual({ status: 502, body: { error: AI_PROVIDER_FAILED } });

    const slow = await callWithEnv({ AI_TIMEOUT_MS: "300" }, p.owner, assistantPath(p), { prompt: "[fake:slow:3000]", task: "Write." });
    expect(slow).toEqual({ status: 502, body: { error: AI_TIMED_OUT } });
    expect(await usedThisMonth(p.owner.user.id)).toBe(0);
    expect((await p.owner.get(assistantPath(p))).body.remaining).toBe(50);
  });

  it("answers 503 when AI is not configured, before counting anything", async () => {
    const p = await createProjectFixture();
    const off = await callWithEnv({ AI_API_URL: "", AI_MODEL: "" }, p.owner, assistantPath(p), { prompt: "x", task: "Write." });
    expect(off).toEqual({ status: 503, body: { error: AI_UNCONFIGURED } });
    expect(await usedThisMonth(p.owner.user.id)).toBe(0);
  });
});

describe("a streamed answer", () => {
  it("delivers the text in deltas, then the finished answer", async () => {
    const p = await createProjectFixture();
    const response = await streamed(p.owner, assistantPath(p), { prompt: "Streaming subject", task: "Write." });
    expect(response?.status).toBe(200);
    expect(response?.headers.get("content-type")).toContain(EVENT_STREAM);
    const events: AiStreamEvent[] = [];
    for await (const event of readAiStream(response?.body as ReadableStream<Uint8Array>)) events.push(event);
    const deltas = events.filter((e) => e.event === "delta");
    expect(deltas.length).toBeGreaterThan(5);
    const last = events.at(-1);
    expect(last?.event).toBe("done");
    if (last?.event !== "done") return;
    expect(deltas.map((d) => d.data.text).join("")).toBe(last.data.response);
    expect(last.data.response_html).toContain("<strong>Streaming subject</strong>");
    expect(last.data.remaining).toBe(49);
  });

  it("answers failures before the first text as statuses, and an empty answer as done", async () => {
    const p = await createProjectFixture();
    const failed = await streamed(p.owner, assistantPath(p), { prompt: "[fake:500]", task: "Write." });
    expect(failed?.status).toBe(502);
    expect(await failed?.json()).toEqual({ error: AI_PROVIDER_FAILED });
    const missing = await streamed(p.owner, assistantPath(p), { prompt: "x" });
    expect(missing?.status).toBe(400);

    const empty = await streamed(p.owner, assistantPath(p), { prompt: "[fake:empty]", task: "Write." });
    const events: AiStreamEvent[] = [];
    for await (const event of readAiStream(empty?.body as ReadableStream<Uint8Array>)) events.push(event);
    expect(events).toEqual([{ event: "done", data: { response: "", response_html: "", remaining: 49, detail: AI_EMPTY_ANSWER } }]);
  });

  it("ends with the timeout's error event when the answer takes too long, and gives the unit back", async () => {
    const p = await createProjectFixture();
    const ctx = createExecutionContext();
    const request = new Request(`${ORIGIN}${assistantPath(p)}`, {
      method: "POST",
      headers: { cookie: p.owner.cookie, "content-type": "application/json", accept: EVENT_STREAM, origin: ORIGIN },
      body: JSON.stringify({ prompt: "Dripping [fake:drip:250]", task: "Write." }),
    });
    const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, { ...env, AI_TIMEOUT_MS: "600" } as unknown as Env, ctx);
    expect(response.status).toBe(200);
    const events = await eventsOf(response);
    await waitOnExecutionContext(ctx);
    expect(events[0].event).toBe("delta");
    expect(events.at(-1)).toEqual({ event: "error", data: { status: 502, detail: AI_TIMED_OUT } });
    expect(await usedThisMonth(p.owner.user.id)).toBe(0);
  });

  it("ends with an error event when the provider breaks mid-answer, and gives the unit back", async () => {
    const p = await createProjectFixture();
    const response = await streamed(p.owner, assistantPath(p), { prompt: "Half [fake:broken]", task: "Write." });
    expect(response?.status).toBe(200);
    const events: AiStreamEvent[] = [];
    for await (const event of readAiStream(response?.body as ReadableStream<Uint8Array>)) events.push(event);
    expect(events[0].event).toBe("delta");
    expect(events.at(-1)).toEqual({ event: "error", data: { status: 502, detail: AI_PROVIDER_FAILED } });
    expect(await usedThisMonth(p.owner.user.id)).toBe(0);
  });
});

describe("the Workers AI adapter", () => {
  // Shaped like the `AI` binding: run(model, {messages, stream}) answers {response}, or an SSE
  // stream of {"response": "..."} chunks ending with [DONE].
  const sse = (lines: string[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const line of lines) controller.enqueue(new TextEncoder().encode(line));
        controller.close();
      },
    });
  const calls: { model: string; input: Record<string, unknown> }[] = [];
  const binding = {
    async run(model: string, input: Record<string, unknown>) {
      calls.push({ model, input });
      if (input.stream) return sse(['data: {"response":"Hel"}\n\n', 'data: {"response":"lo"}\n\ndata: {"response":""}\n\n', "data: [DONE]\n\n"]);
      return { response: "Hello whole" };
    },
  };
  const messages = [{ role: "user" as const, content: "Hi" }];

  it("completes and streams through the binding", async () => {
    const provider = workersAiProvider(binding, "@cf/meta/llama-3.1-8b-instruct");
    expect(await provider.complete(messages, AbortSignal.timeout(1000))).toBe("Hello whole");
    const pieces: string[] = [];
    for await (const piece of provider.stream(messages, AbortSignal.timeout(1000))) pieces.push(piece);
    expect(pieces).toEqual(["Hel", "lo"]);
    expect(calls).toEqual([
      { model: "@cf/meta/llama-3.1-8b-instruct", input: { messages } },
      { model: "@cf/meta/llama-3.1-8b-instruct", input: { messages, stream: true } },
    ]);
  });

  it("answers through the binding when no OpenAI-compatible URL is set", async () => {
    const p = await createProjectFixture();
    const answer = await callWithEnv({ AI_API_URL: "", AI_MODEL: "@cf/meta/llama-3.1-8b-instruct", AI: binding }, p.owner, assistantPath(p), {
      prompt: "x",
      task: "Write.",
    });
    expect(answer).toEqual({ status: 200, body: { response: "Hello whole", response_html: "<p>Hello whole</p>", remaining: 49 } });
    expect(calls.at(-1)?.model).toBe("@cf/meta/llama-3.1-8b-instruct");
  });

  it("gives up when the signal aborts and reports a failing binding", async () => {
    const never = { run: () => new Promise<unknown>(() => {}) };
    const controller = new AbortController();
    const pending = workersAiProvider(never, "m").complete(messages, controller.signal);
    controller.abort(new Error("timed out"));
    await expect(pending).rejects.toThrow("timed out");
    const failing = { run: () => Promise.reject(new Error("3040: capacity")) };
    await expect(workersAiProvider(failing, "m").complete(messages, AbortSignal.timeout(1000))).rejects.toThrow("Workers AI failed");
  });
});
