// The AI assistant's contract, client-safe: the request's schema, the texts people see, the JSON
// answers and the server-sent events of a streamed answer. The REST handler, the domain and the
// assistant panel all read it from here, so the two ends of the stream cannot drift apart.
import { z } from "zod";

/** Requests one user may make in a calendar month (UTC). */
export const AI_MONTHLY_QUOTA = 50;
/** The longest task (the instruction) and prompt (the text worked on) accepted, in characters. */
export const AI_TASK_MAX = 2_000;
export const AI_PROMPT_MAX = 20_000;

export const AI_TASK_REQUIRED = "Please enter some task to get AI assistance.";
export const AI_TASK_TOO_LONG = `The task should be less than ${AI_TASK_MAX} characters.`;
export const AI_PROMPT_TOO_LONG = `The text should be less than ${AI_PROMPT_MAX} characters.`;
export const AI_QUOTA_REACHED = `You have reached the maximum number of requests of ${AI_MONTHLY_QUOTA} requests per month per user.`;
export const AI_GENERIC_FAILURE = "Some error occurred. Please try again.";
export const AI_EMPTY_ANSWER =
  "No response could be generated. This may be due to insufficient content or task information. Please try again.";
export const AI_ISSUE_TITLE_NOT_INFORMATIVE =
  "Issue title isn't informative enough to generate the description. Please try with a different title.";
export const AI_BLOCK_TITLE_NOT_INFORMATIVE =
  "Block title isn't informative enough to generate the description. Please try with a different title.";
/** A description written from a title: the task sent, and what an empty answer tells the person. */
export const AI_DESCRIPTION = {
  issue: { task: "Generate a proper description for this issue.", empty: AI_ISSUE_TITLE_NOT_INFORMATIVE },
  block: { task: "Generate a proper description for this page block.", empty: AI_BLOCK_TITLE_NOT_INFORMATIVE },
} as const;

export const AI_UNCONFIGURED = "The AI assistant is not configured on this server.";
export const AI_TIMED_OUT = "The AI provider did not answer in time. Please try again.";
export const AI_PROVIDER_FAILED = "The AI provider could not answer. Please try again.";

export const AiAssistantInput = z.object({
  /** The text the task works on (a title, an editor's content); may be empty. */
  prompt: z.string({ error: "The prompt must be text." }).max(AI_PROMPT_MAX, { error: AI_PROMPT_TOO_LONG }).default(""),
  task: z
    .string({ error: AI_TASK_REQUIRED })
    .trim()
    .min(1, { error: AI_TASK_REQUIRED })
    .max(AI_TASK_MAX, { error: AI_TASK_TOO_LONG }),
});
export type AiAssistantInput = z.input<typeof AiAssistantInput>;

/** The caller's allowance this month. */
export interface AiQuota {
  limit: number;
  used: number;
  remaining: number;
}

/** A finished answer: the model's markdown and the same as sanitised HTML. */
export interface AiAnswer {
  response: string;
  response_html: string;
  /** Requests left this month after this one. */
  remaining: number;
  /** Why the answer is empty, when it is. */
  detail?: string;
}

/** The media type that asks for a streamed answer. */
export const EVENT_STREAM = "text/event-stream";

/**
 * A streamed answer's events, in order: `delta` as text arrives, then one `done` or one `error`.
 * Failures before the first text arrive as an ordinary JSON status instead.
 */
export type AiStreamEvent =
  | { event: "delta"; data: { text: string } }
  | { event: "done"; data: AiAnswer }
  | { event: "error"; data: { status: number; detail: string } };

/** One event as server-sent-events text. */
export function encodeStreamEvent(message: AiStreamEvent): string {
  return `event: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`;
}

/**
 * Reads a server-sent-events body into events: `{event, data}` with the data lines joined.
 * Comments and events without data are skipped. Aborting `signal` stops the reading with its reason.
 */
export async function* readEventStream(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<{ event: string; data: string }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  // The signal wins over a read that is still waiting for the next chunk.
  const aborted = new Promise<never>((_, reject) => {
    if (!signal) return;
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
  aborted.catch(() => {});
  let buffer = "";
  let read: Promise<ReadableStreamReadResult<Uint8Array>> = Promise.resolve({ done: true, value: undefined });
  try {
    for (;;) {
      read = reader.read();
      read.catch(() => {});
      const { done, value } = await Promise.race([read, aborted]);
      buffer += decoder.decode(value, { stream: !done }).replace(/\r\n?/g, "\n");
      let end = buffer.indexOf("\n\n");
      while (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const parsed = parseBlock(block);
        if (parsed) yield parsed;
        end = buffer.indexOf("\n\n");
      }
      if (done) break;
    }
    const last = parseBlock(buffer);
    if (last) yield last;
  } finally {
    // Left before the end (an abort, a reader that stopped early): the rest is not wanted. Cancelled
    // once no read is waiting: workerd reports a fetch body cancelled under a waiting read as an
    // unhandled rejection of its own.
    read.then(
      () => reader.cancel().catch(() => {}),
      () => {},
    );
  }
}

function parseBlock(block: string): { event: string; data: string } | null {
  let event = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
  }
  return data.length > 0 ? { event, data: data.join("\n") } : null;
}

/** The streamed events as the panel reads them; anything else in the stream is ignored. */
export async function* readAiStream(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<AiStreamEvent> {
  for await (const { event, data } of readEventStream(body, signal)) {
    if (event !== "delta" && event !== "done" && event !== "error") continue;
    yield { event, data: JSON.parse(data) } as AiStreamEvent;
  }
}
