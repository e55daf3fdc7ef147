// The import job: one run holds the importer (a lease), reads pages from its source and writes
// each one with the cursor after it, for up to RUN_BUDGET_MS; then it queues the next run. A rate
// limit re-queues the run after the wait the source asked for; other failures are retried with a
// growing delay, and after MAX_ATTEMPTS in a row the import fails with a readable reason.
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { type Json, importers, users, workspaces } from "../../drizzle/schema";
import { openDb } from "../db";
import { ROLE, projectAccess } from "../domain/access";
import type { ActorContext } from "../domain/context";
import { Forbidden, NotFound } from "../domain/errors";
import { realPorts } from "../adapters";
import { PostCommit } from "../domain/post-commit";
import { type AppEnv, getConfig } from "../env";
import { SecretUnreadable } from "../lib/secret-box";
import type { JobMessage } from "../jobs";
import { type ImporterRow, metadataWithoutSecrets, openImportSecrets, progressOf } from "../domain/importer-row";
import { sourceFor } from "./registry";
import { SourceRateLimited, SourceRefused } from "./source";
import { writeImportPage } from "./writer";

/**
 * How long one run keeps reading pages before it hands over to a fresh run (it hands over sooner
 * when the next page could pass IMPORT_SUBREQUESTS_PER_RUN calls to the source).
 */
export const RUN_BUDGET_MS = 20_000;
/** A run's hold on its importer; renewed while pages land, so a crashed run frees it soon. */
export const LEASE_MS = 90_000;
/** Failed attempts in a row at one page before the import gives up. */
export const MAX_ATTEMPTS = 6;
/** Queues accept delays up to 12 hours. */
const MAX_DELAY_SECONDS = 43_200;

export interface RunOptions {
  /** How long this run may read pages (tests pass 0: one page per run). */
  budgetMs?: number;
  /** Queues the next run; tests pass their own to run it in step. */
  requeue?: (job: JobMessage, delaySeconds: number) => Promise<void>;
}

export type RunOutcome = "completed" | "failed" | "continues" | "waiting" | "retrying" | "busy" | "gone";

const iso = (time: number) => new Date(time).toISOString();

/** Takes the importer for this run, unless it is finished or another run holds it. */
async function acquire(db: ReturnType<typeof openDb>["db"], importerId: string, now: number): Promise<ImporterRow | null> {
  const rows = await db
    .update(importers)
    .set({ lease_until: iso(now + LEASE_MS) })
    .where(and(eq(importers.id, importerId), eq(importers.status, "processing"), or(isNull(importers.lease_until), lt(importers.lease_until, iso(now)))))
    .returning();
  return rows[0] ?? null;
}

/** Runs an import from its stored cursor (the JOBS consumer calls this for "import.run"). */
export async function runImport(env: AppEnv, importerId: string, options: RunOptions = {}): Promise<RunOutcome> {
  const budget = options.budgetMs ?? RUN_BUDGET_MS;
  const requeue =
    options.requeue ?? ((job: JobMessage, delaySeconds: number) => env.JOBS.send(job, delaySeconds > 0 ? { delaySeconds } : undefined));
  const { db } = openDb(env.DB, null);
  const started = Date.now();
  const importer = await acquire(db, importerId, started);
  if (!importer) {
    const [row] = await db.select({ status: importers.status }).from(importers).where(eq(importers.id, importerId));
    return row ? "busy" : "gone";
  }

  const config = getConfig(env);
  let progress = progressOf(importer);
  const save = (set: Partial<typeof importers.$inferInsert>) => db.update(importers).set(set).where(eq(importers.id, importerId));
  const fail = async (reason: string) => {
    // A failed import keeps no credential of its source: resuming it asks for one again.
    await db
      .update(importers)
      .set({ status: "failed", error: reason, lease_until: null, progress: progress as unknown as Record<string, Json>, metadata: metadataWithoutSecrets() })
      .where(eq(importers.id, importerId));
    return "failed" as const;
  };

  try {
    const [owner] = await db
      .select({ user: users, slug: workspaces.slug })
      .from(users)
      .innerJoin(workspaces, eq(workspaces.id, importer.workspace_id))
      .where(eq(users.id, importer.initiated_by ?? ""));
    if (!owner) return await fail("The person who started this import no longer has an account.");
    const ctx: ActorContext = { db, env, config, effects: new PostCommit(), ports: realPorts(env, config), actor: owner.user };
    // Refused access ends the import; any other error (a D1 hiccup) is retried like the rest.
    const access = await projectAccess(ctx, owner.slug, importer.project_id, ROLE.member).catch((error) => {
      if (error instanceof Forbidden || error instanceof NotFound) return null;
      throw error;
    });
    if (!access) return await fail("The person who started this import can no longer write to the project.");
    // Every call to the source counts against the run's subrequest budget.
    let calls = 0;
    const counted: typeof fetch = (input, init) => {
      calls += 1;
      return fetch(input, init);
    };
    // The source reads with its credentials opened; the row keeps them sealed.
    let opened: ImporterRow;
    try {
      opened = await openImportSecrets(config.secrets, importer);
    } catch (error) {
      if (error instanceof SecretUnreadable) return await fail(error.message);
      throw error;
    }
    const { source, scope, name } = sourceFor({ env, config, importer: opened, fetch: counted });
    const target = { ctx, access, importer, scope, sourceName: name };

    let mostCallsInAPage = 0;
    for (;;) {
      const callsBefore = calls;
      let read: Awaited<ReturnType<typeof source.readPage>>;
      try {
        read = await source.readPage(progress.cursor);
      } catch (error) {
        if (error instanceof SourceRateLimited) {
          const wait = Math.min(MAX_DELAY_SECONDS, Math.max(1, Math.ceil(error.retryAfterSeconds)));
          const until = iso(Date.now() + wait * 1000);
          progress = { ...progress, waiting_until: until };
          // The wait counts as progress, so the watchdog leaves the import alone until it is over.
          await save({ lease_until: null, progressed_at: until, progress: progress as unknown as Record<string, Json> });
          await requeue({ type: "import.run", importerId }, wait);
          return "waiting";
        }
        throw error;
      }
      const written = await writeImportPage(target, read, { ...progress, waiting_until: null });
      await ctx.effects.flush(ctx.ports.jobs);
      progress = written.progress;
      if (!written.stillRecorded) return "gone";
      if (progress.done) return "completed";
      mostCallsInAPage = Math.max(mostCallsInAPage, calls - callsBefore);
      const now = Date.now();
      // Hand over before the next page could take the run past its time or its subrequests.
      if (now - started >= budget || calls + mostCallsInAPage > config.IMPORT_SUBREQUESTS_PER_RUN) break;
      await save({ lease_until: iso(now + LEASE_MS) });
    }
    await save({ lease_until: null });
    await requeue({ type: "import.run", importerId }, 0);
    return "continues";
  } catch (error) {
    if (error instanceof SourceRefused) return await fail(error.message);
    const attempts = progress.attempts + 1;
    const reason = error instanceof Error && error.message ? error.message : "The source could not be read.";
    if (!(error instanceof Error && error.name === "SourceUnavailable")) console.error("import run failed", importerId, error);
    if (attempts >= MAX_ATTEMPTS) return await fail(`${reason} (gave up after ${attempts} attempts)`);
    progress = { ...progress, attempts };
    await save({ lease_until: null, progress: progress as unknown as Record<string, Json> });
    await requeue({ type: "import.run", importerId }, 2 ** attempts);
    return "retrying";
  }
}

/** Imports idle this long are given a fresh run (a lost message, a crashed run). */
export const RESUME_AFTER_MS = 2 * 60_000;
/** Imports idle this long are failed: nothing stays processing forever. */
export const STALL_AFTER_MS = 15 * 60_000;
export const STALLED_REASON = "The import made no progress for 15 minutes and was stopped.";

/**
 * The watchdog (a cron trigger): resumes imports idle for a while, and fails those idle too long.
 * An import waiting out a rate limit counts its wait's end as its last progress.
 */
export async function superviseImports(env: AppEnv, now = Date.now()) {
  const { db } = openDb(env.DB, null);
  const stalled = await db
    .update(importers)
    .set({ status: "failed", error: STALLED_REASON, lease_until: null, metadata: metadataWithoutSecrets() })
    .where(and(eq(importers.status, "processing"), lt(importers.progressed_at, iso(now - STALL_AFTER_MS))))
    .returning({ id: importers.id });
  const idle = await db
    .select({ id: importers.id })
    .from(importers)
    .where(
      and(
        eq(importers.status, "processing"),
        lt(importers.progressed_at, iso(now - RESUME_AFTER_MS)),
        or(isNull(importers.lease_until), lt(importers.lease_until, iso(now))),
      ),
    );
  if (idle.length > 0) await env.JOBS.sendBatch(idle.map(({ id }) => ({ body: { type: "import.run", importerId: id } satisfies JobMessage })));
  return { failed: stalled.map((row) => row.id), resumed: idle.map((row) => row.id) };
}
