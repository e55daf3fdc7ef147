// The AI assistant: a project member asks the configured provider to do a task on a text and
// gets the model's markdown back, with the same as sanitised HTML. Each user may ask a fixed number
// of times per calendar month (UTC). A request takes its unit before the provider is called, in one
// conditional upsert, so concurrent requests can never pass the limit together; a request the
// provider fails (an error, a timeout, an unusable answer) gives its unit back.
import { and, eq, gt, sql } from "drizzle-orm";
import { aiUsage } from "../../drizzle/schema";
import { markdownToHtml } from "../lib/markdown";
import { type AiProvider, AiProviderError, type ChatMessage } from "./ports/ai";
import { sanitizeHtml } from "../lib/sanitize-html";
import { parseInput } from "../lib/validation";
import { projectAccess } from "./access";
import type { ActorContext } from "./context";
import { QuotaExceeded, Unavailable, UpstreamFailed } from "./errors";
import {
  AI_EMPTY_ANSWER,
  AI_MONTHLY_QUOTA,
  AI_PROVIDER_FAILED,
  AI_QUOTA_REACHED,
  AI_TIMED_OUT,
  AI_UNCONFIGURED,
  type AiAnswer,
  AiAssistantInput,
  type AiQuota,
  type AiStreamEvent,
} from "./schemas/ai-assistant";

const SYSTEM_PROMPT =
  "You are the writing assistant of a project tracker. Do the task on the text you are given. " +
  "Answer in GitHub-flavoured markdown, with only the result: no preamble and no questions back.";

/** The calendar month (UTC) a request counts in: "YYYY-MM". */
export const usagePeriod = (now = new Date()) => now.toISOString().slice(0, 7);

/** The caller's allowance this month (any project member may read it). */
export async function aiQuota(ctx: ActorContext, slug: string, projectId: string): Promise<AiQuota> {
  await projectAccess(ctx, slug, projectId);
  const [row] = await ctx.db
    .select({ count: aiUsage.count })
    .from(aiUsage)
    .where(and(eq(aiUsage.user_id, ctx.actor.id), eq(aiUsage.period, usagePeriod())));
  const used = Math.min(row?.count ?? 0, AI_MONTHLY_QUOTA);
  return { limit: AI_MONTHLY_QUOTA, used, remaining: AI_MONTHLY_QUOTA - used };
}

/** Takes one unit of this month's allowance, or throws when none is left; answers the count used. */
async function takeUnit(ctx: ActorContext, period: string): Promise<number> {
  const [row] = await ctx.db
    .insert(aiUsage)
    .values({ user_id: ctx.actor.id, period, count: 1 })
    .onConflictDoUpdate({
      target: [aiUsage.user_id, aiUsage.period],
      set: { count: sql`${aiUsage.count} + 1`, updated_at: new Date().toISOString() },
      setWhere: sql`${aiUsage.count} < ${AI_MONTHLY_QUOTA}`,
    })
    .returning({ count: aiUsage.count });
  if (!row) throw new QuotaExceeded(AI_QUOTA_REACHED);
  return row.count;
}

/** Gives back a unit taken by a request that got no answer. */
async function giveBackUnit(ctx: ActorContext, period: string) {
  await ctx.db
    .update(aiUsage)
    .set({ count: sql`${aiUsage.count} - 1` })
    .where(and(eq(aiUsage.user_id, ctx.actor.id), eq(aiUsage.period, period), gt(aiUsage.count, 0)));
}

interface Prepared {
  provider: AiProvider;
  messages: ChatMessage[];
  period: string;
  remaining: number;
  signal: AbortSignal;
}

/** Checks access, input and config, then takes the unit; every refusal happens before the provider is called. */
async function prepare(ctx: ActorContext, slug: string, projectId: string, input: unknown): Promise<Prepared> {
  await projectAccess(ctx, slug, projectId);
  const { prompt, task } = parseInput(AiAssistantInput, input);
  const provider = await ctx.ports.ai();
  if (!provider) throw new Unavailable(AI_UNCONFIGURED);
  const period = usagePeriod();
  const used = await takeUnit(ctx, period);
  const messages: ChatMessage[] = [
    { role: "system", content: SYSTEM_PROMPT },
    { role: "user", content: prompt.trim() === "" ? task : `${task}\n\n${prompt}` },
  ];
  return { provider, messages, period, remaining: AI_MONTHLY_QUOTA - used, signal: AbortSignal.timeout(ctx.config.AI_TIMEOUT_MS) };
}

/**
 * What a failure while the provider answered becomes: the timeout, or any other failure of the call
 * (an error status, a lost connection, an answer of the wrong shape) as the provider's failure.
 */
function upstreamError(error: unknown, signal: AbortSignal): UpstreamFailed {
  if (signal.aborted) return new UpstreamFailed(AI_TIMED_OUT);
  console.warn("AI provider failed", error instanceof AiProviderError ? error.message : error);
  return new UpstreamFailed(AI_PROVIDER_FAILED);
}

async function answerOf(response: string, remaining: number): Promise<AiAnswer> {
  if (response.trim() === "") return { response: "", response_html: "", remaining, detail: AI_EMPTY_ANSWER };
  const { html } = await sanitizeHtml(await markdownToHtml(response));
  return { response, response_html: html, remaining };
}

/** Asks the provider and answers the whole response. */
export async function askAssistant(ctx: ActorContext, slug: string, projectId: string, input: unknown): Promise<AiAnswer> {
  const prepared = await prepare(ctx, slug, projectId, input);
  let response: string;
  try {
    response = await prepared.provider.complete(prepared.messages, prepared.signal);
  } catch (error) {
    await giveBackUnit(ctx, prepared.period);
    throw upstreamError(error, prepared.signal);
  }
  return answerOf(response, prepared.remaining);
}

/**
 * Asks the provider for a streamed response. Resolves once the first piece of text (or the end of
 * an empty answer) has arrived, so that every failure up to then is an ordinary error; after it,
 * the events carry the text, then the finished answer or the failure (whose unit is given back).
 */
export async function streamAssistant(ctx: ActorContext, slug: string, projectId: string, input: unknown): Promise<AsyncIterable<AiStreamEvent>> {
  const prepared = await prepare(ctx, slug, projectId, input);
  const pieces = prepared.provider.stream(prepared.messages, prepared.signal)[Symbol.asyncIterator]();
  let first: IteratorResult<string>;
  try {
    first = await pieces.next();
  } catch (error) {
    await giveBackUnit(ctx, prepared.period);
    throw upstreamError(error, prepared.signal);
  }
  return (async function* events(): AsyncGenerator<AiStreamEvent> {
    let text = "";
    let next = first;
    try {
      while (!next.done) {
        text += next.value;
        yield { event: "delta", data: { text: next.value } };
        next = await pieces.next();
      }
    } catch (error) {
      await giveBackUnit(ctx, prepared.period);
      const failure = upstreamError(error, prepared.signal);
      yield { event: "error", data: { status: 502, detail: failure.message } };
      return;
    } finally {
      // The reader left early (a closed connection): stop the provider's answer.
      if (!next.done) await pieces.return?.().catch(() => {});
    }
    yield { event: "done", data: await answerOf(text, prepared.remaining) };
  })();
}
