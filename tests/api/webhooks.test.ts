// Outgoing webhooks against the fake customer endpoint (tests/fakes/webhook-receiver.ts), which
// checks every signature the way a customer's server would: REST (owners only, secrets to owners
// only), events reaching the endpoint through the real queue, a failing endpoint retried with
// backoff, one that never answers well switched off with its log, redelivery, and the watchdog.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  DISABLE_AFTER_FAILURES,
  GAVE_UP,
  attemptDelivery,
  retryDelaySeconds,
  pruneWebhookDeliveries,
  superviseWebhookDeliveries,
} from "../../workers/integrations/webhooks/deliver";
import { getConfig } from "../../workers/env";
import { EVENT_SINK } from "../../workers/domain/integration-events";
import type { JobMessage } from "../../workers/jobs";
import type { ReceivedDelivery } from "../fakes/webhook-receiver";
import type { Client } from "../helpers/api";
import { createProject, createTeamWithProject, expectStatus, rowOf } from "../helpers/fixtures";

declare global {
  namespace Cloudflare {
    interface Env {
      FAKE_WEBHOOK_RECEIVER_URL: string;
    }
  }
}

const receiver = env.FAKE_WEBHOOK_RECEIVER_URL;

async function control(method: string, path: string, body?: unknown) {
  const response = await fetch(`${receiver}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`fake receiver ${method} ${path}: ${response.status}`);
  return response.json() as Promise<any>;
}

const newEndpoint = (config: { fail?: number | "always"; tolerance_seconds?: number } = {}) =>
  control("POST", "/_fake/endpoints", config) as Promise<{ id: string; url: string }>;
const configureEndpoint = (id: string, config: Record<string, unknown>) => control("PATCH", `/_fake/endpoints/${id}`, config);
const received = (id: string) => control("GET", `/_fake/endpoints/${id}/deliveries`) as Promise<ReceivedDelivery[]>;

/** Polls until `read` gives something `done` accepts (the queue runs on its own time). */
async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const hooksPath = (slug: string) => `/api/workspaces/${slug}/webhooks/`;

/** An endpoint, and a webhook of the workspace pointed at it whose secret the endpoint knows. */
async function hookedEndpoint(owner: Client, slug: string, events: string[], config: Parameters<typeof newEndpoint>[0] = {}) {
  const endpoint = await newEndpoint(config);
  const created = await owner.post(hooksPath(slug), { url: endpoint.url, events });
  expectStatus(created, 201);
  await configureEndpoint(endpoint.id, { secret: created.body.secret });
  return { endpoint, hook: created.body as { id: string; secret: string; url: string; events: string[]; is_active: boolean } };
}

const deliveryRow = (id: string) =>
  rowOf<{ id: string; status: string; attempts: number; response_status: number | null; next_attempt_at: string | null; created_at: string; error: string | null }>(
    "webhook_deliveries",
    "id = ?",
    id,
  );

describe("webhooks REST", () => {
  it("creates a webhook with a server-made secret, lists, edits, rotates and deletes it", async () => {
    const t = await createTeamWithProject("whrest");
    const created = await t.owner.post(hooksPath(t.slug), { url: "https://hooks.example.com/tracker", events: ["comment", "issue", "issue"] });
    expectStatus(created, 201);
    expect(created.body).toMatchObject({ url: "https://hooks.example.com/tracker", events: ["issue", "comment"], is_active: true, disabled_reason: null });
    expect(created.body.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    // The workspace's projects now send events to the webhooks sink.
    const project = await rowOf<{ event_sinks: number }>("projects", "id = ?", t.project.id);
    expect(project?.event_sinks).toBe(EVENT_SINK.webhooks);

    const list = await t.owner.get(hooksPath(t.slug));
    expectStatus(list, 200);
    expect(list.body.map((hook: { id: string }) => hook.id)).toEqual([created.body.id]);

    const edited = await t.owner.patch(`${hooksPath(t.slug)}${created.body.id}/`, { events: ["cycle"], url: "https://hooks.example.com/other" });
    expectStatus(edited, 200);
    expect(edited.body).toMatchObject({ events: ["cycle"], url: "https://hooks.example.com/other" });

    const off = await t.owner.patch(`${hooksPath(t.slug)}${created.body.id}`, { is_active: false });
    expect(off.body.is_active).toBe(false);
    expect((await rowOf<{ event_sinks: number }>("projects", "id = ?", t.project.id))?.event_sinks).toBe(0);

    const rotated = await t.owner.post(`${hooksPath(t.slug)}${created.body.id}/rotate-secret/`);
    expectStatus(rotated, 200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.body.secret);

    expectStatus(await t.owner.delete(`${hooksPath(t.slug)}${created.body.id}/`), 204);
    expectStatus(await t.owner.get(`${hooksPath(t.slug)}${created.body.id}/`), 404);
    expect(await rowOf("webhooks", "id = ?", created.body.id)).toBeNull();
  });

  it("refuses plain http except to a loopback address off production, an empty event list and unknown events", async () => {
    const t = await createTeamWithProject("whbad");
    const http = await t.owner.post(hooksPath(t.slug), { url: "http://hooks.example.com/x", events: ["issue"] });
    expectStatus(http, 400);
    expect(http.body.url[0]).toMatch(/https:\/\//);
    expectStatus(await t.owner.post(hooksPath(t.slug), { url: "http://127.0.0.1:9/x", events: ["issue"] }), 201);
    const none = await t.owner.post(hooksPath(t.slug), { url: "https://hooks.example.com/x", events: [] });
    expectStatus(none, 400);
    expect(none.body.events).toEqual(["Choose at least one event"]);
    expectStatus(await t.owner.post(hooksPath(t.slug), { url: "https://hooks.example.com/x", events: ["label"] }), 400);
    expectStatus(await t.owner.post(hooksPath(t.slug), { url: "not a url", events: ["issue"] }), 400);
    expectStatus(await t.owner.patch(`${hooksPath(t.slug)}${crypto.randomUUID()}/`, { is_active: true }), 404);
  });

  it("lets only workspace owners read or change webhooks, so no one else ever sees a secret", async () => {
    const t = await createTeamWithProject("whroles");
    const created = await t.owner.post(hooksPath(t.slug), { url: "https://hooks.example.com/roles", events: ["issue"] });
    expectStatus(created, 201);
    const one = `${hooksPath(t.slug)}${created.body.id}/`;
    for (const client of [t.member, t.viewer, t.guest, t.outsider]) {
      const attempts = [
        await client.get(hooksPath(t.slug)),
        await client.get(one),
        await client.post(hooksPath(t.slug), { url: "https://evil.example.com/", events: ["issue"] }),
        await client.patch(one, { url: "https://evil.example.com/" }),
        await client.post(`${one}rotate-secret/`),
        await client.get(`${one}deliveries/`),
        await client.delete(one),
      ];
      for (const answer of attempts) {
        expect([403, 404]).toContain(answer.status);
        expect(JSON.stringify(answer.body)).not.toContain(created.body.secret);
      }
    }
    // The settings page too: the owner's carries the secret, a member's says why it is empty.
    const ownerPage = await t.owner.get(`/${t.slug}/settings/webhooks`);
    expectStatus(ownerPage, 200);
    expect(ownerPage.body).toContain(created.body.secret);
    const memberPage = await t.member.get(`/${t.slug}/settings/webhooks`);
    expectStatus(memberPage, 200);
    expect(memberPage.body).toContain("Only workspace owners can see and manage webhooks.");
    expect(memberPage.body).not.toContain(created.body.secret);
    const viewerPage = await t.viewer.get(`/${t.slug}/settings/webhooks`);
    expect(viewerPage.body).not.toContain(created.body.secret);
    const still = await rowOf<{ url: string; secret: string }>("webhooks", "id = ?", created.body.id);
    expect(still).toMatchObject({ url: "https://hooks.example.com/roles" });
    // Kept sealed: the row opens to the secret the owner was shown.
    expect(await getConfig(env).secrets.open(still!.secret)).toBe(created.body.secret);
  });
});

describe("delivering events", () => {
  it("delivers a signed event that the receiver verifies, and logs it", async () => {
    const t = await createTeamWithProject("whdeliver");
    const { endpoint, hook } = await hookedEndpoint(t.owner, t.slug, ["issue", "project"]);
    const issue = await t.member.post(`/api/workspaces/${t.slug}/projects/${t.project.id}/issues/`, { name: "Signed and sealed" });
    expectStatus(issue, 201);
    // A cycle is not among the kinds asked for: nothing goes out for it.
    expectStatus(await t.member.post(`/api/workspaces/${t.slug}/projects/${t.project.id}/cycles/`, { name: "Sprint" }), 201);

    const [delivery] = await waitFor(() => received(endpoint.id), (list) => list.length >= 1, "the issue delivery");
    expect(delivery).toMatchObject({ verified: true, rejected: null, answered: 200, event: "issue.created" });
    const body = delivery.body as Record<string, any>;
    expect(body).toMatchObject({ event: "issue", action: "created", workspace_id: t.workspaceId, project_id: t.project.id, actor_id: t.member.user.id });
    expect(body.data).toMatchObject({ id: issue.body.id, name: "Signed and sealed", identifier: `${t.project.identifier}-${issue.body.sequence_id}` });
    expect(body.sinks).toBeUndefined();
    expect(Math.abs(Number(delivery.timestamp) - Date.now() / 1000)).toBeLessThan(60);

    const log = await waitFor(
      () => t.owner.get(`${hooksPath(t.slug)}${hook.id}/deliveries/`),
      (answer) => answer.body.results?.[0]?.status === "delivered",
      "the delivered log line",
    );
    expect(log.body.results).toHaveLength(1);
    expect(log.body.results[0]).toMatchObject({ id: delivery.delivery_id, event: "issue", action: "created", status: "delivered", attempts: 1, response_status: 200 });
    expect(log.body.next_cursor).toBeNull();

    // A project created after the webhook is heard from its first write on.
    const project = await createProject(t.owner, t.slug);
    const all = await waitFor(() => received(endpoint.id), (list) => list.some((item) => item.event === "project.created"), "the project delivery");
    const projectDelivery = all.find((item) => item.event === "project.created") as ReceivedDelivery;
    expect(projectDelivery.verified).toBe(true);
    expect((projectDelivery.body as Record<string, any>).data).toMatchObject({ id: project.id, identifier: project.identifier });
    expect(all.some((item) => item.event?.startsWith("cycle."))).toBe(false);
  });

  it("sends cycle and module changes with the fields an update changed", async () => {
    const t = await createTeamWithProject("whgroups");
    const { endpoint } = await hookedEndpoint(t.owner, t.slug, ["cycle", "module"]);
    const base = `/api/workspaces/${t.slug}/projects/${t.project.id}`;
    const cycle = await t.member.post(`${base}/cycles/`, { name: "Sprint 1" });
    expectStatus(cycle, 201);
    expectStatus(await t.member.patch(`${base}/cycles/${cycle.body.id}/`, { name: "Sprint one" }), 200);
    const module = await t.member.post(`${base}/modules/`, { name: "Payments" });
    expectStatus(module, 201);
    expectStatus(await t.member.delete(`${base}/modules/${module.body.id}/`), 204);
    const list = await waitFor(() => received(endpoint.id), (items) => items.length >= 4, "four deliveries");
    const byEvent = Object.fromEntries(list.map((item) => [item.event, item.body as Record<string, any>]));
    expect(Object.keys(byEvent).sort()).toEqual(["cycle.created", "cycle.updated", "module.created", "module.deleted"]);
    expect(byEvent["cycle.updated"].changes).toEqual([{ field: "name", old_value: "Sprint 1", new_value: "Sprint one" }]);
    expect(byEvent["module.deleted"].data).toMatchObject({ id: module.body.id, name: "Payments" });
    expect(list.every((item) => item.verified)).toBe(true);
  });

  it("sends comments, and issue updates with the fields they changed", async () => {
    const t = await createTeamWithProject("whcomments");
    const base = `/api/workspaces/${t.slug}/projects/${t.project.id}`;
    const issue = await t.member.post(`${base}/issues/`, { name: "Before" });
    expectStatus(issue, 201);
    // Added after the issue: only what happens from now on is sent.
    const { endpoint } = await hookedEndpoint(t.owner, t.slug, ["issue", "comment"]);
    expectStatus(await t.member.patch(`${base}/issues/${issue.body.id}/`, { name: "After" }), 200);
    const comment = await t.member.post(`${base}/issues/${issue.body.id}/comments/`, {
      comment_json: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Looks good" }] }] },
      comment_html: "<p>Looks good</p>",
    });
    expectStatus(comment, 201);
    const list = await waitFor(() => received(endpoint.id), (items) => items.length >= 2, "two deliveries");
    const byEvent = Object.fromEntries(list.map((item) => [item.event, item.body as Record<string, any>]));
    expect(Object.keys(byEvent).sort()).toEqual(["comment.created", "issue.updated"]);
    expect(byEvent["issue.updated"].changes).toEqual([expect.objectContaining({ field: "name", old_value: "Before", new_value: "After" })]);
    expect(byEvent["comment.created"].data).toMatchObject({ id: comment.body.id, comment_html: "<p>Looks good</p>" });
    expect(list.every((item) => item.verified)).toBe(true);
  });

  it("retries a delivery the receiver answers 500, then delivers it", async () => {
    const t = await createTeamWithProject("whretry");
    const { endpoint, hook } = await hookedEndpoint(t.owner, t.slug, ["issue"], { fail: 1 });
    expectStatus(await t.member.post(`/api/workspaces/${t.slug}/projects/${t.project.id}/issues/`, { name: "Try again" }), 201);
    const [first] = await waitFor(() => received(endpoint.id), (list) => list.length >= 1, "the first attempt");
    expect(first.answered).toBe(500);
    const failed = await waitFor(() => deliveryRow(first.delivery_id as string), (row) => row?.response_status === 500, "the failed attempt recorded");
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    // The retry waits 30 s after the first failure.
    const wait = Date.parse(failed?.next_attempt_at as string) - Date.now();
    expect(wait).toBeGreaterThan(20_000);
    expect(wait).toBeLessThanOrEqual(retryDelaySeconds(1) * 1000);

    // Not due yet: an early job does nothing.
    expect(await attemptDelivery(env, first.delivery_id as string, { requeue: async () => {} })).toBe("skipped");
    const at = Date.parse(failed?.next_attempt_at as string);
    expect(await attemptDelivery(env, first.delivery_id as string, { now: at, requeue: async () => {} })).toBe("delivered");

    const list = await received(endpoint.id);
    expect(list.map((item) => item.answered)).toEqual([500, 200]);
    expect(list[1]).toMatchObject({ delivery_id: first.delivery_id, verified: true });
    const log = await t.owner.get(`${hooksPath(t.slug)}${hook.id}/deliveries/`);
    expect(log.body.results[0]).toMatchObject({ status: "delivered", attempts: 2, response_status: 200 });
    expect((await rowOf<{ consecutive_failures: number }>("webhooks", "id = ?", hook.id))?.consecutive_failures).toBe(0);
  });

  it("switches off a webhook whose receiver always fails, keeps its log, and resumes it when switched on", async () => {
    const t = await createTeamWithProject("whdead");
    // The clock moves a day forward here, so the endpoint accepts any timestamp and answers 500.
    const { endpoint, hook } = await hookedEndpoint(t.owner, t.slug, ["issue"], { fail: "always", tolerance_seconds: 10 * 86_400 });
    expectStatus(await t.member.post(`/api/workspaces/${t.slug}/projects/${t.project.id}/issues/`, { name: "Into the void" }), 201);
    const [first] = await waitFor(() => received(endpoint.id), (list) => list.length >= 1, "the first attempt");
    const id = first.delivery_id as string;
    let row = await waitFor(() => deliveryRow(id), (value) => value?.response_status === 500, "the first failure recorded");

    const requeued: { job: JobMessage; delay: number }[] = [];
    const requeue = async (job: JobMessage, delay: number) => {
      requeued.push({ job, delay });
    };
    // Walk the retries at their scheduled times until the webhook is switched off.
    for (let attempt = 2; attempt <= DISABLE_AFTER_FAILURES + 5; attempt++) {
      const hookRow = await rowOf<{ is_active: number }>("webhooks", "id = ?", hook.id);
      if (!hookRow?.is_active) break;
      expect(await attemptDelivery(env, id, { now: Date.parse(row?.next_attempt_at as string), requeue })).toBe("retrying");
      row = await deliveryRow(id);
    }
    // Waits double from 30 s and stop growing at an hour.
    expect(requeued.slice(0, 8).map((item) => item.delay)).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600]);
    expect(requeued.every((item) => item.job.type === "webhook.deliver")).toBe(true);

    const off = await t.owner.get(`${hooksPath(t.slug)}${hook.id}/`);
    expect(off.body).toMatchObject({ is_active: false, consecutive_failures: DISABLE_AFTER_FAILURES });
    expect(off.body.disabled_reason).toBe(`Switched off after ${DISABLE_AFTER_FAILURES} failed deliveries in a row (last: HTTP 500).`);
    expect(row).toMatchObject({ status: "pending", attempts: DISABLE_AFTER_FAILURES });
    expect((await received(endpoint.id)).length).toBe(DISABLE_AFTER_FAILURES);
    // Switched off: no events flow to it, and its pending delivery is not sent.
    expect((await rowOf<{ event_sinks: number }>("projects", "id = ?", t.project.id))?.event_sinks).toBe(0);
    expect(await attemptDelivery(env, id, { now: Date.parse(row?.next_attempt_at as string) + 1, requeue })).toBe("skipped");

    // Redelivery needs the webhook on.
    expectStatus(await t.owner.post(`${hooksPath(t.slug)}${hook.id}/deliveries/${id}/redeliver/`), 409);
    // The receiver is fixed and the webhook switched on: the count and the reason clear, and the
    // delivery that waited goes out at once.
    await configureEndpoint(endpoint.id, { fail: 0 });
    const on = await t.owner.patch(`${hooksPath(t.slug)}${hook.id}/`, { is_active: true });
    expect(on.body).toMatchObject({ is_active: true, consecutive_failures: 0, disabled_reason: null });
    expect((await rowOf<{ event_sinks: number }>("projects", "id = ?", t.project.id))?.event_sinks).toBe(EVENT_SINK.webhooks);
    const log = await waitFor(
      () => t.owner.get(`${hooksPath(t.slug)}${hook.id}/deliveries/`),
      (answer) => answer.body.results[0]?.status === "delivered",
      "the waiting delivery delivered",
    );
    expect(log.body.results[0]).toMatchObject({ id, attempts: DISABLE_AFTER_FAILURES + 1, response_status: 200, error: null });
    expect((await received(endpoint.id)).at(-1)).toMatchObject({ delivery_id: id, verified: true, answered: 200 });
  });

  it("gives a delivery up once its next retry would fall beyond 24 hours", async () => {
    const t = await createTeamWithProject("whday");
    const { endpoint } = await hookedEndpoint(t.owner, t.slug, ["issue"], { fail: "always", tolerance_seconds: 10 * 86_400 });
    expectStatus(await t.member.post(`/api/workspaces/${t.slug}/projects/${t.project.id}/issues/`, { name: "Late" }), 201);
    const [first] = await waitFor(() => received(endpoint.id), (list) => list.length >= 1, "the first attempt");
    const row = await waitFor(() => deliveryRow(first.delivery_id as string), (value) => value?.response_status === 500, "the failure");
    // The second attempt, 30 s before the day ends: its retry (60 s later) would fall outside it.
    const late = Date.parse(row?.created_at as string) + 24 * 3_600_000 - 30_000;
    expect(await attemptDelivery(env, first.delivery_id as string, { now: late, requeue: async () => {} })).toBe("failed");
    expect(await deliveryRow(first.delivery_id as string)).toMatchObject({ status: "failed", next_attempt_at: null });
  });

  it("redelivers a delivery as a new one with the same event", async () => {
    const t = await createTeamWithProject("whredeliver");
    const { endpoint, hook } = await hookedEndpoint(t.owner, t.slug, ["issue"]);
    expectStatus(await t.member.post(`/api/workspaces/${t.slug}/projects/${t.project.id}/issues/`, { name: "Once more" }), 201);
    const [first] = await waitFor(() => received(endpoint.id), (list) => list.length >= 1, "the delivery");
    await waitFor(() => deliveryRow(first.delivery_id as string), (row) => row?.status === "delivered", "delivered");

    const again = await t.owner.post(`${hooksPath(t.slug)}${hook.id}/deliveries/${first.delivery_id}/redeliver/`);
    expectStatus(again, 201);
    expect(again.body).toMatchObject({ status: "pending", event: "issue", action: "created" });
    expect(again.body.id).not.toBe(first.delivery_id);
    const list = await waitFor(() => received(endpoint.id), (items) => items.length >= 2, "the redelivery");
    expect(list[1]).toMatchObject({ delivery_id: again.body.id, verified: true, answered: 200 });
    expect((list[1].body as { id: string }).id).toBe((first.body as { id: string }).id);

    const log = await waitFor(
      () => t.owner.get(`${hooksPath(t.slug)}${hook.id}/deliveries/`),
      (answer) => answer.body.results.every((item: { status: string }) => item.status === "delivered"),
      "both delivered",
    );
    expect(log.body.results.map((item: { id: string }) => item.id)).toEqual([again.body.id, first.delivery_id]);
    expectStatus(await t.owner.post(`${hooksPath(t.slug)}${hook.id}/deliveries/${crypto.randomUUID()}/redeliver/`), 404);
  });

  it("re-queues a delivery whose queue message was lost and fails one a day old, from the watchdog", async () => {
    const t = await createTeamWithProject("whwatch");
    const { endpoint, hook } = await hookedEndpoint(t.owner, t.slug, ["issue"]);
    // A pending delivery with no message in the queue, due two minutes ago.
    const id = crypto.randomUUID();
    const due = new Date(Date.now() - 120_000).toISOString();
    const payload = JSON.stringify({ id: crypto.randomUUID(), event: "issue", action: "updated", workspace_id: t.workspaceId, project_id: t.project.id, actor_id: t.owner.user.id, occurred_at: due, data: {} });
    await env.DB.prepare(
      `INSERT INTO webhook_deliveries (id, webhook_id, workspace_id, event, action, payload, status, attempts, next_attempt_at, created_at)
       VALUES (?, ?, ?, 'issue', 'updated', ?, 'pending', 0, ?, ?)`,
    )
      .bind(id, hook.id, t.workspaceId, payload, due, due)
      .run();
    // And one whose day has passed with no success.
    const stale = crypto.randomUUID();
    const dayAgo = new Date(Date.now() - 25 * 3_600_000).toISOString();
    await env.DB.prepare(
      `INSERT INTO webhook_deliveries (id, webhook_id, workspace_id, event, action, payload, status, attempts, response_status, next_attempt_at, created_at)
       VALUES (?, ?, ?, 'issue', 'updated', ?, 'pending', 12, 503, ?, ?)`,
    )
      .bind(stale, hook.id, t.workspaceId, payload, dayAgo, dayAgo)
      .run();
    expect(await superviseWebhookDeliveries(env)).toBeGreaterThanOrEqual(1);
    expect(await deliveryRow(stale)).toMatchObject({ status: "failed", next_attempt_at: null, error: GAVE_UP });
    const list = await waitFor(() => received(endpoint.id), (items) => items.some((item) => item.delivery_id === id), "the re-queued delivery");
    expect(list.find((item) => item.delivery_id === id)).toMatchObject({ verified: true, answered: 200 });
    await waitFor(() => deliveryRow(id), (row) => row?.status === "delivered", "delivered");
  });

  it("forgets finished deliveries after 30 days and keeps newer or pending ones", async () => {
    const t = await createTeamWithProject("whprune");
    const { hook } = await hookedEndpoint(t.owner, t.slug, ["issue"]);
    const now = Date.parse("2026-06-30T12:00:00.000Z");
    const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString();
    const rows = [
      { status: "delivered", created_at: daysAgo(31) },
      { status: "failed", created_at: daysAgo(40) },
      { status: "delivered", created_at: daysAgo(29) },
      { status: "pending", created_at: daysAgo(45) },
    ].map((row) => ({ ...row, id: crypto.randomUUID() }));
    await env.DB.batch(
      rows.map((row) =>
        env.DB.prepare(
          `INSERT INTO webhook_deliveries (id, webhook_id, workspace_id, event, action, payload, status, attempts, created_at)
           VALUES (?, ?, ?, 'issue', 'updated', '{}', ?, 1, ?)`,
        ).bind(row.id, hook.id, t.workspaceId, row.status, row.created_at),
      ),
    );
    expect(await pruneWebhookDeliveries(env, { now })).toBe(2);
    const kept = await Promise.all(rows.map((row) => deliveryRow(row.id)));
    expect(kept.map((row) => row?.status ?? null)).toEqual([null, null, "delivered", "pending"]);
  });

  it("pages the delivery log newest first", async () => {
    const t = await createTeamWithProject("whpages");
    const { hook } = await hookedEndpoint(t.owner, t.slug, ["issue"]);
    const base = Date.parse("2026-01-01T00:00:00.000Z");
    const statements = Array.from({ length: 30 }, (_, index) =>
      env.DB.prepare(
        `INSERT INTO webhook_deliveries (id, webhook_id, workspace_id, event, action, payload, status, attempts, response_status, created_at)
         VALUES (?, ?, ?, 'issue', 'updated', '{}', 'delivered', 1, 200, ?)`,
      ).bind(crypto.randomUUID(), hook.id, t.workspaceId, new Date(base + index * 1000).toISOString()),
    );
    await env.DB.batch(statements);
    const first = await t.owner.get(`${hooksPath(t.slug)}${hook.id}/deliveries/`);
    expect(first.body.results).toHaveLength(25);
    expect(first.body.results[0].created_at).toBe(new Date(base + 29_000).toISOString());
    const second = await t.owner.get(`${hooksPath(t.slug)}${hook.id}/deliveries/?cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(second.body.results.map((item: { created_at: string }) => item.created_at)).toEqual(
      [4, 3, 2, 1, 0].map((index) => new Date(base + index * 1000).toISOString()),
    );
    expect(second.body.next_cursor).toBeNull();
    expectStatus(await t.owner.get(`${hooksPath(t.slug)}${hook.id}/deliveries/?cursor=nope`), 400);
  });
});
