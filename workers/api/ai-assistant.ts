// The AI assistant of a project: GET answers the caller's allowance this month; POST {prompt, task}
// answers the response as JSON, or, when the request accepts text/event-stream, as server-sent
// events while the model writes (the events are described in the contract's AiStreamEvent).
import { body } from "./hono-env";
import { inProject, projectRouter } from "./project-router";

// Few requests ask the assistant: it loads (with its provider client, its schemas and the HTML
// sanitiser it writes with) at the first request of these routes, not when the API starts.
const assistant = () => Promise.all([import("../domain/ai-assistant"), import("../domain/schemas/ai-assistant")]);

export const aiAssistantRoutes = projectRouter();

aiAssistantRoutes.get("/ai-assistant", async (c) => {
  const [{ aiQuota }] = await assistant();
  return c.json(await aiQuota(...inProject(c)));
});

aiAssistantRoutes.post("/ai-assistant", async (c) => {
  const [{ askAssistant, streamAssistant }, { EVENT_STREAM, encodeStreamEvent }] = await assistant();
  if (!(c.req.header("accept") ?? "").includes(EVENT_STREAM)) return c.json(await askAssistant(...inProject(c), await body(c)));
  const events = (await streamAssistant(...inProject(c), await body(c)))[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  // Pulled event by event, so a client that goes away stops the provider's answer too.
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await events.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(encodeStreamEvent(next.value)));
    },
    async cancel() {
      await events.return?.();
    },
  });
  return c.body(stream, 200, { "content-type": `${EVENT_STREAM}; charset=utf-8`, "cache-control": "no-store" });
});
