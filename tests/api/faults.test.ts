// Faults: what is left behind when a write or a job dies partway.
// - A D1 batch whose last statement fails leaves nothing: every earlier statement of it is undone.
// - An import run killed partway (its next statement, and everything after, never runs), then run
//   again once its lease has lapsed, ends with exactly the rows of a run that never died.
// - A webhook job killed after sending and before recording, then retried, leaves one delivery row
//   per event, delivered; a dispatch that dies before queueing its sends and is retried adds none.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { AppEnv } from "../../workers/env";
import { openDb } from "../../workers/db";
import { runBatch } from "../../workers/lib/batch";
import { runImport } from "../../workers/importers/runner";
import { csvObjectKey } from "../../workers/domain/csv-importer";
import { guessCsvMapping } from "../../workers/domain/schemas/csv-importer";
import type { IntegrationEvent } from "../../workers/domain/integration-events";
import { attemptDelivery } from "../../workers/integrations/webhooks/deliver";
import { deliverToWebhooks } from "../../workers/integrations/webhooks/sink";
import type { JobMessage } from "../../workers/jobs";
import { issueLabels, issueSequences } from "../../drizzle/schema";
import type { ReceivedDelivery } from "../fakes/webhook-receiver";
import { countRows, createProject, createTeam, createTeamWithProject, expectStatus, rowOf } from "../helpers/fixtures";
import { waitFor } from "../helpers/github-sync";
import { createProjectFixture } from "../helpers/project";

declare global {
  namespace Cloudflare {
    interface Env {
      FAKE_WEBHOOK_RECEIVER_URL: string;
    }
  }
}

/**
 * `db` as a job sees it when its process dies after `allowed` statements: the statements up to
 * there run (and commit, each batch as one transaction); the next one never answers, so nothing
 * after it runs, the job's own error handling included. `died` resolves at that moment. Only the
 * public D1 API is wrapped.
 */
function dyingDb(db: D1Database, allowed: number): { db: D1Database; died: Promise<void> } {
  let left = allowed;
  let die = () => {};
  const died = new Promise<void>((resolve) => {
    die = resolve;
  });
  /** Runs `work`, unless the process has died by now: then the statement hangs forever. */
  const gate = <T>(work: () => Promise<T>): Promise<T> => {
    if (left-- > 0) return work();
    die();
    return new Promise<T>(() => {});
  };
  const statement = (inner: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(inner, {
      get(target, prop) {
        if (prop === "bind") return (...values: unknown[]) => statement(target.bind(...values));
        const value = Reflect.get(target, prop, target);
        if (prop === "all" || prop === "raw" || prop === "run" || prop === "first") {
          return (...args: unknown[]) => gate(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  const session = (inner: D1DatabaseSession): D1DatabaseSession =>
    ({
      prepare: (sql: string) => statement(inner.prepare(sql)),
      batch: (statements: D1PreparedStatement[]) => gate(() => inner.batch(statements)),
      getBookmark: () => inner.getBookmark(),
    }) as D1DatabaseSession;
  return { db: { withSession: (constraint?: string) => session(db.withSession(constraint)) } as unknown as D1Database, died };
}

/**
 * Runs a job on an env whose database dies after `allowed` statements: answers "killed" when it
 * died there, or the job's own outcome when it finished first.
 */
async function runKilled<T>(allowed: number, job: (env: AppEnv) => Promise<T>): Promise<T | "killed"> {
  const dying = dyingDb(env.DB, allowed);
  return Promise.race([job({ ...env, DB: dying.db } as AppEnv), dying.died.then(() => "killed" as const)]);
}

/** Every row of every table, as one string: equal digests mean nothing was written. */
async function databaseDigest(): Promise<string> {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' ORDER BY name",
  ).all<{ name: string }>();
  const contents = await env.DB.batch(tables.results.map(({ name }) => env.DB.prepare(`SELECT * FROM "${name}"`)));
  const text = tables.results.map(({ name }, i) => `${name}:${contents[i].results.map((row) => JSON.stringify(row)).sort().join("\n")}`).join("\n\n");
  const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(hash)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

const FAIL_TRIGGER = "faults_fail_last_statement";
afterEach(async () => {
  await env.DB.prepare(`DROP TRIGGER IF EXISTS ${FAIL_TRIGGER}`).run();
});

describe("a D1 batch that fails at its last statement", () => {
  it("leaves nothing of an issue create with labels and assignees", async () => {
    const p = await createProjectFixture(undefined, "FLT");
    const label = await p.owner.post(`${p.base}/issue-labels/`, { name: "Bug", color: "#ff0000" });
    expectStatus(label, 201);
    const body = { name: "Dies at the end", labels_list: [label.body.id], assignees_list: [p.owner.user.id], priority: "high" };
    // The control: the same create commits an issue, its sequence, its activity and both bridges.
    expectStatus(await p.owner.post(`${p.base}/issues/`, body), 201);
    expect(await countRows("issue_labels", "project_id = ?", p.projectId)).toBe(1);

    // The create's last write is its label bridge row; make the database refuse it.
    await env.DB.prepare(`CREATE TRIGGER ${FAIL_TRIGGER} BEFORE INSERT ON issue_labels BEGIN SELECT RAISE(ABORT, 'injected fault'); END`).run();
    // The fixture's sign-ups queued verification mail, which the mail job tries once on its own
    // time: the digest is taken after every queued mail has had that try, so only the create counts.
    await waitFor(async () => ((await countRows("mail_messages", "status = 'queued' AND attempts = 0")) === 0 ? true : undefined), "queued mail tried once");
    const before = await databaseDigest();
    const failed = await p.owner.post(`${p.base}/issues/`, body);
    expect(failed.status).toBe(500);
    expect(await databaseDigest()).toBe(before);
    expect(await countRows("issues", "project_id = ?", p.projectId)).toBe(1);
    expect(await rowOf<{ last_sequence_id: number }>("issue_sequences", "project_id = ?", p.projectId)).toMatchObject({ last_sequence_id: 1 });

    // Once the database takes it again, the next issue is number 2: no number was used up.
    await env.DB.prepare(`DROP TRIGGER ${FAIL_TRIGGER}`).run();
    const next = await p.owner.post(`${p.base}/issues/`, body);
    expectStatus(next, 201);
    expect(next.body.sequence_id).toBe(2);
  });

  it("leaves nothing of a batch through the batch helper whose last statement breaks a constraint", async () => {
    const p = await createProjectFixture(undefined, "FLB");
    const { db } = openDb(env.DB, null);
    const issue = await p.owner.post(`${p.base}/issues/`, { name: "Labelled" });
    const label = await p.owner.post(`${p.base}/issue-labels/`, { name: "Dup", color: "#00ff00" });
    const workspaceId = (await rowOf<{ workspace_id: string }>("projects", "id = ?", p.projectId))?.workspace_id as string;
    const bridge = { id: crypto.randomUUID(), issue_id: issue.body.id, label_id: label.body.id, project_id: p.projectId, workspace_id: workspaceId };
    const before = await databaseDigest();
    await expect(
      runBatch(db, [
        db.update(issueSequences).set({ last_sequence_id: 99 }).where(eq(issueSequences.project_id, p.projectId)),
        db.insert(issueLabels).values(bridge),
        // The same primary key again: the last statement fails.
        db.insert(issueLabels).values(bridge),
      ]),
    ).rejects.toThrow(/UNIQUE|constraint/i);
    expect(await databaseDigest()).toBe(before);
  });
});

// ------------------------------------------------------------------ a killed import run

/** What an import made, comparable between two projects. */
async function importedRows(projectId: string) {
  const { results } = await env.DB.prepare(
    `SELECT i.sequence_id, i.name, i.priority, i.target_date, s.name AS state, p.name AS parent,
       (SELECT group_concat(l.name, ',') FROM (SELECT l.name FROM issue_labels il JOIN labels l ON l.id = il.label_id WHERE il.issue_id = i.id ORDER BY l.name) l) AS labels
     FROM issues i JOIN states s ON s.id = i.state_id LEFT JOIN issues p ON p.id = i.parent_id
     WHERE i.project_id = ? ORDER BY i.sequence_id`,
  )
    .bind(projectId)
    .all();
  return results;
}

const importCounts = async (projectId: string) => ({
  issues: await countRows("issues", "project_id = ?", projectId),
  records: await countRows("import_records", "project_id = ?", projectId),
  labels: await countRows("labels", "project_id = ?", projectId),
  issueLabels: await countRows("issue_labels", "project_id = ?", projectId),
  activities: await countRows("issue_activities", "project_id = ?", projectId),
  sequences: await countRows("(SELECT DISTINCT sequence_id FROM issues WHERE project_id = ?)", "1 = 1", projectId),
});

function sampleCsv(count: number) {
  const states = ["Backlog", "Todo", "In Progress", "Done"];
  const rows = ["Key,Title,Status,Priority,Labels,Parent"];
  for (let n = 1; n <= count; n++) {
    rows.push(`K-${n},Killed run issue ${n},${states[n % 4]},${["urgent", "high", "low"][n % 3]},"${n % 2 ? "bug" : "bug, ui"}",${n % 6 === 0 ? `K-${n - 1}` : ""}`);
  }
  return rows.join("\n");
}

describe("an import run killed partway", () => {
  it("ends, once run again, with exactly the rows of a run that never died", async () => {
    const team = await createTeam("faultimp");
    const [straight, killed] = await Promise.all([createProject(team.owner, team.slug), createProject(team.owner, team.slug)]);
    const csv = sampleCsv(640);
    const mapping = guessCsvMapping(["Key", "Title", "Status", "Priority", "Labels", "Parent"]);
    const record = async (projectId: string) => {
      const id = crypto.randomUUID();
      const now = new Date().toISOString();
      await env.DB.prepare(
        `INSERT INTO importers (id, workspace_id, project_id, service, status, metadata, config, data, initiated_by, progressed_at, created_at, updated_at)
         VALUES (?, ?, ?, 'csv', 'processing', '{"file_name":"f.csv"}', ?, '{"users":[],"map_by_email":true}', ?, ?, ?, ?)`,
      )
        .bind(id, team.workspaceId, projectId, JSON.stringify({ mapping }), team.owner.user.id, now, now, now)
        .run();
      await env.FILES.put(csvObjectKey(id), csv);
      return id;
    };
    const requeue = async () => {};
    const finish = async (id: string) => {
      for (let run = 0; run < 20; run++) {
        const outcome = await runImport(env, id, { budgetMs: 0, requeue });
        if (outcome === "completed") return;
        expect(outcome).toBe("continues");
      }
      throw new Error("the import did not finish");
    };
    await finish(await record(straight.id));

    // The same message, delivered again and again; each run dies after a few more statements.
    const id = await record(killed.id);
    const landed: number[] = [];
    // Each run dies one statement later than the one before, until a run gets to the end.
    for (let allowed = 1; ; allowed++) {
      const outcome = await runKilled(allowed, (dying) => runImport(dying, id, { budgetMs: 60_000, requeue }));
      if (outcome === "completed") break;
      expect(outcome).toBe("killed");
      landed.push(await countRows("issues", "project_id = ?", killed.id));
      // The run held the importer; its lease runs out before the queue's retry takes it.
      await env.DB.prepare("UPDATE importers SET lease_until = ? WHERE id = ?").bind(new Date(Date.now() - 1000).toISOString(), id).run();
      // A run can die after its last write, with the import complete: the message delivered again
      // finds nothing left to do and writes nothing.
      const status = await env.DB.prepare("SELECT status FROM importers WHERE id = ?").bind(id).first<string>("status");
      if (status === "completed") {
        const before = await importCounts(killed.id);
        expect(await runImport(env, id, { budgetMs: 60_000, requeue })).toBe("busy");
        expect(await importCounts(killed.id)).toEqual(before);
        break;
      }
    }
    // Runs died before any page, between pages and with pages written and more to come.
    expect(landed[0]).toBe(0);
    expect(landed.some((n) => n > 0 && n < 640)).toBe(true);

    expect(await importCounts(killed.id)).toEqual(await importCounts(straight.id));
    expect(await importedRows(killed.id)).toEqual(await importedRows(straight.id));
    expect((await importCounts(killed.id)).sequences).toBe(640);
  }, 60_000);
});

// ------------------------------------------------------------------ a killed webhook job

const receiver = () => env.FAKE_WEBHOOK_RECEIVER_URL;
async function control(method: string, path: string, body?: unknown) {
  const response = await fetch(`${receiver()}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`fake receiver ${method} ${path}: ${response.status}`);
  return response.json() as Promise<any>;
}

describe("a webhook job killed partway", () => {
  it("leaves one delivery row per event, delivered, after the retry", async () => {
    const t = await createTeamWithProject("faulthook");
    const endpoint = (await control("POST", "/_fake/endpoints", {})) as { id: string; url: string };
    const created = await t.owner.post(`/api/workspaces/${t.slug}/webhooks/`, { url: endpoint.url, events: ["issue"] });
    expectStatus(created, 201);
    await control("PATCH", `/_fake/endpoints/${endpoint.id}`, { secret: created.body.secret });
    const events: IntegrationEvent[] = [1, 2].map((n) => ({
      id: crypto.randomUUID(),
      event: "issue",
      action: "updated",
      workspace_id: t.workspaceId,
      project_id: t.project.id,
      sinks: 1,
      actor_id: t.owner.user.id,
      occurred_at: new Date().toISOString(),
      data: { n },
    }));
    const rowsOfEvents = async () =>
      (
        await env.DB.prepare("SELECT id, status, attempts FROM webhook_deliveries WHERE webhook_id = ? ORDER BY id")
          .bind(created.body.id)
          .all<{ id: string; status: string; attempts: number }>()
      ).results;

    // The dispatch writes its rows, then dies before queueing the sends; the retry adds no row.
    let died = () => {};
    const dying = new Promise<"killed">((resolve) => {
      died = () => resolve("killed");
    });
    const dead = { send: () => new Promise(died), sendBatch: () => new Promise(died) };
    expect(await Promise.race([deliverToWebhooks({ ...env, JOBS: dead } as unknown as AppEnv, events), dying])).toBe("killed");
    expect(await rowsOfEvents()).toHaveLength(2);
    const queued: JobMessage[] = [];
    const jobs = {
      send: async (job: JobMessage) => void queued.push(job),
      sendBatch: async (messages: { body: JobMessage }[]) => void queued.push(...messages.map((m) => m.body)),
    };
    await deliverToWebhooks({ ...env, JOBS: jobs } as unknown as AppEnv, events);
    const rows = await rowsOfEvents();
    expect(rows).toHaveLength(2);
    expect(queued.map((job) => (job as { deliveryId: string }).deliveryId).sort()).toEqual(rows.map((row) => row.id));

    // Each send job dies after sending, before recording the answer.
    const now = Date.now();
    for (const row of rows) {
      expect(await runKilled(1, (dying) => attemptDelivery(dying, row.id, { now, requeue: async () => {} }))).toBe("killed");
    }
    const sent = (await control("GET", `/_fake/endpoints/${endpoint.id}/deliveries`)) as ReceivedDelivery[];
    expect(sent.map((item) => item.delivery_id).sort()).toEqual(rows.map((row) => row.id));
    expect(await rowsOfEvents()).toEqual(rows.map((row) => ({ ...row, status: "pending", attempts: 1 })));

    // The queue redelivers at once: the row is still held by the dead attempt, nothing is sent.
    for (const row of rows) expect(await attemptDelivery(env, row.id, { now: now + 1000, requeue: async () => {} })).toBe("skipped");
    // A minute later the hold has lapsed: the retry sends again (same delivery id, so the
    // receiver can drop the repeat) and records it.
    for (const row of rows) expect(await attemptDelivery(env, row.id, { now: now + 61_000, requeue: async () => {} })).toBe("delivered");
    expect(await rowsOfEvents()).toEqual(rows.map((row) => ({ ...row, status: "delivered", attempts: 2 })));
    const all = (await control("GET", `/_fake/endpoints/${endpoint.id}/deliveries`)) as ReceivedDelivery[];
    expect(all).toHaveLength(4);
    expect(new Set(all.map((item) => item.delivery_id))).toEqual(new Set(rows.map((row) => row.id)));
    expect(all.every((item) => item.verified)).toBe(true);
    // And a third delivery of the same message sends nothing more.
    for (const row of rows) expect(await attemptDelivery(env, row.id, { now: now + 120_000, requeue: async () => {} })).toBe("skipped");
    expect(await countRows("webhook_deliveries", "webhook_id = ?", created.body.id)).toBe(2);
  });
});
