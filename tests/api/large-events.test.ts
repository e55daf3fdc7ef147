// No integration event is lost because it is large: an issue whose description fills the field
// (200,000 characters; a queue message holds 128 KB) still reaches a workspace's webhook whole,
// created or updated. The large job travels as a reference to a stored copy, read back by the
// consumer and deleted once it has run.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runJob } from "../../workers/jobs";
import { MAX_MESSAGE_BYTES, sendJobs } from "../../workers/lib/job-queue";
import type { ReceivedDelivery } from "../fakes/webhook-receiver";
import { createTeamWithProject, expectStatus } from "../helpers/fixtures";
import { fuzzRun } from "../helpers/hostile-input";

declare global {
  namespace Cloudflare {
    interface Env {
      FAKE_WEBHOOK_RECEIVER_URL: string;
    }
  }
}

const receiver = env.FAKE_WEBHOOK_RECEIVER_URL;

async function control(method: string, path: string, body?: unknown) {
  const response = await fetch(`${receiver}${path}`, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) throw new Error(`fake receiver ${method} ${path}: ${response.status}`);
  return response.json() as Promise<any>;
}

/** Polls the receiver until `done` accepts what it got (the queue runs on its own time). */
async function receivedUntil(endpointId: string, done: (list: ReceivedDelivery[]) => boolean, what: string): Promise<ReceivedDelivery[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const list = (await control("GET", `/_fake/endpoints/${endpointId}/deliveries`)) as ReceivedDelivery[];
    if (done(list)) return list;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${list.length} deliveries`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const MAX_DESCRIPTION = 200_000;

describe("large events", () => {
  it("delivers issue events whose description fills the field, created and updated", async () => {
    const t = await createTeamWithProject("bigevent");
    const endpoint = await control("POST", "/_fake/endpoints", {});
    const hook = await t.owner.post(`/api/workspaces/${t.slug}/webhooks/`, { url: endpoint.url, events: ["issue"] });
    expectStatus(hook, 201);
    await control("PATCH", `/_fake/endpoints/${endpoint.id}`, { secret: hook.body.secret });
    const issuesPath = `/api/workspaces/${t.slug}/projects/${t.project.id}/issues/`;

    let expected = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 120_000, max: MAX_DESCRIPTION }), fc.constantFrom("a", "é", "<p>x</p>"), async (length, unit) => {
        const html = `<p>${unit.repeat(Math.ceil(length / unit.length))}</p>`.slice(0, length - 4).concat("</p>");
        const created = await t.member.post(issuesPath, { name: `Large ${length}`, description_html: html });
        expectStatus(created, 201);
        const updated = await t.member.patch(`${issuesPath}${created.body.id}/`, { description_html: `${html.slice(0, -4)}!</p>` });
        expectStatus(updated, 200);
        expected += 2;
        const list = await receivedUntil(endpoint.id, (items) => items.length >= expected, `${expected} deliveries`);
        const mine = list.filter((item) => (item.body as any)?.data?.id === created.body.id);
        expect(mine.map((item) => item.event).sort()).toEqual(["issue.created", "issue.updated"]);
        for (const item of mine) expect(item.verified).toBe(true);
        const bodies = mine.map((item) => (item.body as any).data.description_html as string);
        expect(bodies).toContain(created.body.description_html);
        expect(bodies).toContain(updated.body.description_html);
      }),
      fuzzRun(3),
    );
  }, 120_000);

  it("stores a job too large for a message, runs it from its copy, and deletes the copy", async () => {
    const sent: unknown[] = [];
    const queue = { sendBatch: async (batch: { body: unknown }[]) => void sent.push(...batch.map((m) => m.body)) } as unknown as Queue;
    const big = { type: "board.revoke" as const, projectId: "p".repeat(MAX_MESSAGE_BYTES), userId: "u" };
    await sendJobs({ ...env, JOBS: queue }, [big, { type: "board.revoke", projectId: "small", userId: "u" }]);
    expect(sent).toHaveLength(2);
    const reference = sent[0] as { type: string; key: string };
    expect(reference.type).toBe("job.stored");
    expect(JSON.stringify(reference).length).toBeLessThan(200);
    expect(sent[1]).toEqual({ type: "board.revoke", projectId: "small", userId: "u" });
    expect(await (await env.FILES.get(reference.key))?.json()).toEqual(big);
    // The consumer runs the stored job (a revoke of a board nobody is on does nothing) and deletes it.
    await runJob(env, reference as never);
    expect(await env.FILES.get(reference.key)).toBeNull();
    // Delivered again, the reference finds nothing left to run.
    await runJob(env, reference as never);
  });
});
