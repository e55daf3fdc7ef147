// The workspace's Mail page through the REST API, with the real queue and the local SMTP server:
// the owner reads the configured transport and the log (a refused invitation shows failed, with
// the server's reason), a test mail is answered "queued" and arrives, the sixth test mail in an
// hour is refused, only owners see any of it, and a failure raises the shell's failing flag until
// a later mail is sent.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { realPorts } from "../../workers/adapters";
import { openDb } from "../../workers/db";
import { PostCommit } from "../../workers/domain/post-commit";
import { ROLE } from "../../workers/domain/schemas/constants";
import { TEST_MAILS_PER_HOUR, TEST_MAIL_SUBJECT, TOO_MANY_TEST_MAILS, type WorkspaceMailView } from "../../workers/domain/schemas/workspace-mail";
import { mailFailing, mailFailingStatement } from "../../workers/domain/workspace-mail";
import { getConfig } from "../../workers/env";
import { type Client, signUp } from "../helpers/api";
import { addToWorkspace, createWorkspace, expectStatus, rowOf } from "../helpers/fixtures";
import { waitForMails } from "../helpers/mailbox";

let counter = 0;
const refusedAddress = () => `refuse-${Date.now().toString(36)}-${++counter}@example.test`;

/** Waits until the mail to `to` has left the queue (sent or failed). */
async function settled(to: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const row = await rowOf<{ status: string }>("mail_messages", "recipient = ?", to);
    if (row && row.status !== "queued") return row;
    if (Date.now() > deadline) throw new Error(`the mail to ${to} is still queued`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const mailPage = async (owner: Client, slug: string) => {
  const page = await owner.get(`/api/workspaces/${slug}/mail/`);
  expectStatus(page, 200);
  return page.body as WorkspaceMailView;
};

function failingOf(workspaceId: string) {
  const config = getConfig(env);
  return mailFailing({ db: openDb(env.DB, null).db, env, config, effects: new PostCommit(), ports: realPorts(env, config) }, workspaceId);
}

describe("workspace mail page", () => {
  it("shows the owner the transport and a refused invitation as failed, with the reason", async () => {
    const owner = await signUp();
    const { slug } = await createWorkspace(owner);
    const empty = await mailPage(owner, slug);
    expect(empty.setup).toEqual({ transport: { name: "smtp", description: expect.stringContaining("SMTP") }, problem: null });
    expect(empty.log).toEqual({ rows: [], next_cursor: null });
    expect(empty.last_error).toBeNull();

    const to = refusedAddress();
    expectStatus(await owner.post(`/api/workspaces/${slug}/invite/`, { emails: [{ email: to, role: ROLE.member }] }), 200);
    await settled(to);
    const page = await mailPage(owner, slug);
    expect(page.log.rows).toHaveLength(1);
    expect(page.log.rows[0]).toMatchObject({ kind: "invitation", recipient: to, status: "failed", attempts: 1, transport: "smtp", sent_at: null });
    expect(page.log.rows[0].last_error).toContain("Mailbox does not exist");
    expect(page.last_error?.message).toBe(page.log.rows[0].last_error);
    expect(page.counts).toEqual({ queued: 0, sent: 0, failed: 1 });
  });

  it("queues a test mail to the owner, which arrives and is then logged as sent", async () => {
    const owner = await signUp();
    const { slug, id } = await createWorkspace(owner);
    const queued = await owner.post(`/api/workspaces/${slug}/mail/test/`);
    expectStatus(queued, 202);
    // The answer never claims the mail left: only the send job may say so.
    expect(queued.body).toMatchObject({ kind: "test", recipient: owner.user.email, subject: TEST_MAIL_SUBJECT, status: "queued", sent_at: null });

    const [mail] = await waitForMails(owner.user.email, 1, TEST_MAIL_SUBJECT);
    expect(mail.text).toContain("test mail");
    await settled(owner.user.email);
    const page = await mailPage(owner, slug);
    expect(page.log.rows[0]).toMatchObject({ id: queued.body.id, status: "sent", transport: "smtp", last_error: null });
    expect(page.log.rows[0].transport_answer).toMatch(/^250 /);
    expect(await rowOf("mail_messages", "id = ?", queued.body.id)).toMatchObject({ workspace_id: id });
  });

  it(`refuses the test mail after ${TEST_MAILS_PER_HOUR} in an hour, saying when to try again`, async () => {
    const owner = await signUp();
    const { slug } = await createWorkspace(owner);
    for (let i = 0; i < TEST_MAILS_PER_HOUR; i++) expectStatus(await owner.post(`/api/workspaces/${slug}/mail/test/`), 202);
    const refused = await owner.post(`/api/workspaces/${slug}/mail/test/`);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: TOO_MANY_TEST_MAILS });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    await waitForMails(owner.user.email, TEST_MAILS_PER_HOUR, TEST_MAIL_SUBJECT);
  });

  it("is the owners' alone: members and viewers are refused, outsiders too", async () => {
    const owner = await signUp();
    const { slug, id } = await createWorkspace(owner);
    for (const role of [ROLE.member, ROLE.viewer, ROLE.guest]) {
      const someone = await signUp();
      await addToWorkspace(owner, slug, someone, role);
      expectStatus(await someone.get(`/api/workspaces/${slug}/mail/`), 403);
      expectStatus(await someone.post(`/api/workspaces/${slug}/mail/test/`), 403);
    }
    expectStatus(await (await signUp()).get(`/api/workspaces/${slug}/mail/`), 403);
    expect(await rowOf("mail_messages", "kind = 'test' AND workspace_id = ?", id)).toBeNull();
  });

  it("reads older rows with the cursor", async () => {
    const owner = await signUp();
    const { slug, id } = await createWorkspace(owner);
    const now = Date.now();
    const insert = env.DB.prepare(
      "INSERT INTO mail_messages (id, kind, recipient, subject, text_body, html_body, workspace_id, status, created_at, updated_at) VALUES (?, 'test', ?, 'Old', '', '', ?, 'sent', ?, ?)",
    );
    await env.DB.batch(
      Array.from({ length: 55 }, (_, i) => {
        const at = new Date(now - i * 1000).toISOString();
        return insert.bind(crypto.randomUUID(), owner.user.email, id, at, at);
      }),
    );
    const first = await mailPage(owner, slug);
    expect(first.log.rows).toHaveLength(50);
    expect(first.counts.sent).toBe(55);
    const older = await owner.get(`/api/workspaces/${slug}/mail/?cursor=${first.log.next_cursor}`);
    expectStatus(older, 200);
    expect(older.body.log.rows).toHaveLength(5);
    expect(older.body.log.next_cursor).toBeNull();
    expect(new Set([...first.log.rows, ...older.body.log.rows].map((row: { id: string }) => row.id)).size).toBe(55);
    expectStatus(await owner.get(`/api/workspaces/${slug}/mail/?cursor=nonsense`), 400);
  });

  it("asks the failing flag with a statement that seeks the settled index and scans nothing", async () => {
    const config = getConfig(env);
    const ctx = { db: openDb(env.DB, null).db, env, config, effects: new PostCommit(), ports: realPorts(env, config) };
    const { sql, params } = mailFailingStatement(ctx, "a-workspace", Date.now()).toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    const lines = plan.results.map((row) => row.detail);
    for (const line of lines) expect(line).not.toMatch(/^SCAN /);
    expect(lines.filter((line) => line.includes("mail_messages_settled_idx"))).toHaveLength(2);
  });

  it("raises the failing flag after a failed mail, and lowers it once a later mail is sent", async () => {
    const owner = await signUp();
    const { slug, id } = await createWorkspace(owner);
    expect(await failingOf(id)).toBeNull();
    const to = refusedAddress();
    expectStatus(await owner.post(`/api/workspaces/${slug}/invite/`, { emails: [{ email: to, role: ROLE.member }] }), 200);
    await settled(to);
    const failing = await failingOf(id);
    expect(failing?.reason).toContain("Mailbox does not exist");

    expectStatus(await owner.post(`/api/workspaces/${slug}/mail/test/`), 202);
    await waitForMails(owner.user.email, 1, TEST_MAIL_SUBJECT);
    await settled(owner.user.email);
    expect(await failingOf(id)).toBeNull();
  });
});
