// A fake OpenAI-compatible chat-completions endpoint, speaking the API's shapes:
//
//   POST /v1/chat/completions   Bearer key, {model, messages, stream}: a chat.completion, or with
//        stream:true server-sent events of chat.completion.chunk deltas ending with `data: [DONE]`
//   GET  /_fake/requests        what was asked, oldest first ({model, stream, messages})
//   DELETE /_fake/requests
//
// What the model answers depends on the last user message, so tests running side by side do not
// disturb one another:
//   contains [fake:empty]       an empty answer
//   contains [fake:500]         500 {error: {...}} as OpenAI answers a server error
//   contains [fake:slow:MS]     the answer starts after MS milliseconds
//   contains [fake:drip:MS]     a streamed answer's pieces come MS milliseconds apart
//   contains [fake:script]      markdown carrying a <script> and an onclick
//   contains [fake:broken]      a streamed chunk that is not JSON (or a completion without choices)
//   otherwise                   a short markdown answer that quotes the message's last line
import { type FetchHandler, json } from "../http";

export const FAKE_AI_KEY = "test-ai-key";
export const FAKE_AI_MODEL = "fake-chat-1";

export interface FakeAiRequest {
  model: string;
  stream: boolean;
  messages: { role: string; content: string }[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The answer the model gives to `message`. */
export function fakeAnswerTo(message: string): string {
  if (message.includes("[fake:empty]")) return "";
  if (message.includes("[fake:script]")) {
    return "**Safe** text<script>alert('x')</script>\n\n<img src=x onerror=\"alert(1)\"> [link](javascript:alert(1))";
  }
  const lines = message.trim().split("\n");
  const subject = lines[lines.length - 1].replace(/\[fake:[^\]]*\]/g, "").trim();
  return `## ${subject}\n\nThis is what the assistant wrote about **${subject}**.\n\n- First point\n- Second point`;
}

/** The answer cut into pieces the way a model streams it: a few characters at a time. */
const piecesOf = (answer: string) => answer.match(/\S+\s*|\s+/g) ?? [];

export function createFakeAi(options: { key?: string; pieceDelayMs?: number } = {}): FetchHandler {
  const key = options.key ?? FAKE_AI_KEY;
  const pieceDelay = options.pieceDelayMs ?? 15;
  const requests: FakeAiRequest[] = [];
  let counter = 0;

  async function completions(request: Request): Promise<Response> {
    if (request.headers.get("authorization") !== `Bearer ${key}`) {
      return json({ error: { message: "Incorrect API key provided.", type: "invalid_request_error", code: "invalid_api_key" } }, { status: 401 });
    }
    const body = (await request.json().catch(() => null)) as Partial<FakeAiRequest> | null;
    if (!body || typeof body.model !== "string" || !Array.isArray(body.messages)) {
      return json({ error: { message: "model and messages are required", type: "invalid_request_error" } }, { status: 400 });
    }
    const asked: FakeAiRequest = { model: body.model, stream: body.stream === true, messages: body.messages };
    requests.push(asked);
    const last = [...asked.messages].reverse().find((m) => m.role === "user")?.content ?? "";
    const slow = last.match(/\[fake:slow:(\d+)\]/);
    if (slow) await sleep(Number(slow[1]));
    if (last.includes("[fake:500]")) {
      return json({ error: { message: "The server had an error while processing your request.", type: "server_error" } }, { status: 500 });
    }
    const id = `chatcmpl-fake-${++counter}`;
    const created = Math.floor(Date.now() / 1000);
    const answer = fakeAnswerTo(last);
    if (!asked.stream) {
      if (last.includes("[fake:broken]")) return json({ id, object: "chat.completion", created, model: asked.model });
      return json({
        id,
        object: "chat.completion",
        created,
        model: asked.model,
        choices: [{ index: 0, message: { role: "assistant", content: answer }, finish_reason: "stop" }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      });
    }
    const encoder = new TextEncoder();
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      encoder.encode(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: asked.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
    const broken = last.includes("[fake:broken]");
    const drip = Number(last.match(/\[fake:drip:(\d+)\]/)?.[1] ?? pieceDelay);
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(chunk({ role: "assistant", content: "" }, null));
        for (const piece of piecesOf(answer)) {
          await sleep(drip);
          controller.enqueue(chunk({ content: piece }, null));
        }
        if (broken) controller.enqueue(encoder.encode("data: {not json\n\n"));
        controller.enqueue(chunk({}, "stop"));
        controller.enqueue(encoder.encode("data: [DONE]\n\n"));
        controller.close();
      },
    });
    return new Response(stream, { headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" } });
  }

  return async (request) => {
    const url = new URL(request.url);
    if (request.method === "POST" && url.pathname === "/v1/chat/completions") return completions(request);
    if (url.pathname === "/_fake/requests") {
      if (request.method === "DELETE") {
        requests.length = 0;
        return new Response(null, { status: 204 });
      }
      return json(requests);
    }
    return json({ error: { message: `Unknown path ${url.pathname}`, type: "invalid_request_error" } }, { status: 404 });
  };
}
