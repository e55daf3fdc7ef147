// Notification mail: the person's preferences (validated, hostile bodies refused), instant mail
// for a mention or an assignment (never twice for one change, none when turned off or already
// read in the app), the digest (what is unread, nothing read, one section per issue, once), and the
// unsubscribe links (one-click POST without a session, only with a valid token; a GET changes
// nothing), with the List-Unsubscribe headers on every notification mail.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { tellTimedNotifications } from "../../workers/jobs";
import { beforeAll, describe, expect, it } from "vitest";
import { mailInstantNotifications, mailNotificationDigests } from "../../workers/domain/notification-mail-sweep";
import { DIGEST_HOURS_CHOICES, INSTANT_MUST_BE_BOOLEAN } from "../../workers/domain/schemas/notification-mail";
import { getConfig } from "../../workers/env";
import { openDb } from "../../workers/db";
import { PostCommit } from "../../workers/domain/post-commit";
import { realPorts } from "../../workers/adapters";
import { sweepNotificationMail } from "../../workers/integrations/mail/notifications";
import { waitForMails } from "../helpers/mailbox";
import { postPageAction } from "../helpers/page-action";
import type { Client } from "../helpers/api";
import { doc, mention } from "../helpers/rich-text";
import { callWorker, countRows } from "../helpers/fixtures";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";


type MailRow = { id: string; kind: string; subject: string; text_body: string; html_body: string; headers: string };

let p: ProjectFixture;
let alice: Client;

beforeAll(async () => {
  p = await createProjectFixture(undefined, "MAIL");
  alice = await addMember(p, 15, "Alice");
});

/** The sweep's context, as the cron builds it. */
function sweepContext() {
  const config = getConfig(env);
  return { db: openDb(env.DB, null).db, env, config, effects: new PostCommit(), ports: realPorts(env, config) };
}
const instantPass = () => mailInstantNotifications(sweepContext());
/** The top of a coming UTC midnight: every digest period falls due then. */
const digestPass = () => {
  const now = new Date();
  return mailNotificationDigests(sweepContext(), new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)));
};

async function mailsTo(person: Client) {
  const { results } = await env.DB.prepare("SELECT id, kind, subject, text_body, html_body, headers FROM mail_messages WHERE recipient = ? AND kind LIKE 'notification%' ORDER BY created_at, rowid")
    .bind(person.user.email)
    .all<MailRow>();
  return results;
}

async function newIssue(by: Client, fields: Record<string, unknown> = {}) {
  const made = await by.post(`${p.base}/issues/`, { name: "Mail me", ...fields });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { id: string; sequence_id: number };
}

const comment = async (by: Client, issueId: string, html: string) => {
  const made = await by.post(`${p.base}/issues/${issueId}/comments/`, { comment_html: `<p>${html}</p>`, comment_json: doc("hi") });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
};

const preferences = async (person: Client) => (await person.get("/api/users/me/notification-preferences/")).body;
const choose = (person: Client, body: unknown) => person.patch("/api/users/me/notification-preferences/", body);

/** The path of a mail's link that starts with the base URL and contains `marker`. */
const linkIn = (text: string, marker: string) => {
  const url = text.split(/\s+/).find((word) => word.includes(marker));
  if (!url) throw new Error(`no ${marker} link in ${text}`);
  return new URL(url).pathname;
};
const oneClick = (path: string) =>
  callWorker("POST", path, { rawBody: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } });

describe("preferences", () => {
  it("start as instant mail on and a digest every 4 hours, and change one field at a time", async () => {
    const bob = await addMember(p, 15, "Bob");
    expect(await preferences(bob)).toEqual({ instant: true, digest_hours: 4 });
    expect((await choose(bob, { digest_hours: 24 })).body).toEqual({ instant: true, digest_hours: 24 });
    expect((await choose(bob, { instant: false })).body).toEqual({ instant: false, digest_hours: 24 });
    expect(await preferences(bob)).toEqual({ instant: false, digest_hours: 24 });
  });

  it("refuse bad values with field messages and change nothing", async () => {
    const bob = await addMember(p, 15, "Bob");
    const refused = await choose(bob, { instant: "yes", digest_hours: 5 });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ instant: [INSTANT_MUST_BE_BOOLEAN], digest_hours: [DIGEST_HOURS_CHOICES] });
    expect(await preferences(bob)).toEqual({ instant: true, digest_hours: 4 });
  });

  it("are the same through the profile page: saved as posted, the same refusal for a bad digest", async () => {
    const bob = await addMember(p, 15, "Bob");
    const post = (form: Record<string, string>) => postPageAction(bob, "/profile.data", { form: { intent: "update-notification-mail", ...form } });
    // An unticked box is not posted: instant mail off.
    expect((await post({ digest_hours: "12" })).status).toBe(200);
    expect(await preferences(bob)).toEqual({ instant: false, digest_hours: 12 });
    const refused = await post({ instant: "on", digest_hours: "5" });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(DIGEST_HOURS_CHOICES);
    expect(await preferences(bob)).toEqual({ instant: false, digest_hours: 12 });
    expect((await post({ instant: "on", digest_hours: "0" })).status).toBe(200);
    expect(await preferences(bob)).toEqual({ instant: true, digest_hours: 0 });
  });

  it("answer hostile bodies with a 400 or a valid change, never anything else", async () => {
    const bob = await addMember(p, 15, "Bob");
    const allowed = new Set([0, 1, 4, 12, 24]);
    await fc.assert(
      fc.asyncProperty(fc.record({ instant: fc.anything(), digest_hours: fc.oneof(fc.anything(), fc.integer(), fc.double(), fc.string()) }, { requiredKeys: [] }), async (body) => {
        const before = await preferences(bob);
        const answer = await choose(bob, body);
        // A field sent as undefined is not sent at all (JSON has no undefined).
        const valid = (body.instant === undefined || typeof body.instant === "boolean") && (body.digest_hours === undefined || allowed.has(body.digest_hours as number));
        expect(answer.status, JSON.stringify(body)).toBe(valid ? 200 : 400);
        if (!valid) expect(await preferences(bob)).toEqual(before);
      }),
      { numRuns: 40 },
    );
  });
});

describe("instant mail", () => {
  it("mails a mention at once, with the one-click unsubscribe headers, and only once", async () => {
    const bob = await addMember(p, 15, "Bob");
    const issue = await newIssue(alice);
    await comment(alice, issue.id, `Look ${mention(bob)}`);
    await instantPass();
    const [mail, ...more] = await mailsTo(bob);
    expect(more).toEqual([]);
    expect(mail.kind).toBe("notification");
    expect(mail.subject).toBe(`Alice User mentioned you on MAIL-${issue.sequence_id}: Mail me`);
    expect(mail.text_body).toContain(`/${p.slug}/browse/MAIL-${issue.sequence_id}`);
    const headers = JSON.parse(mail.headers);
    expect(headers["List-Unsubscribe"]).toMatch(/^<https?:\/\/[^>]+\/unsubscribe\/[^>]+>$/);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    await instantPass();
    await digestPass();
    expect(await mailsTo(bob)).toHaveLength(1);
  });

  it("leaves through the cron's sweep and the mail transport with both one-click headers", async () => {
    const bob = await addMember(p, 15, "Bob");
    const issue = await newIssue(alice, { assignees_list: [bob.user.id] });
    await sweepNotificationMail(env, new Date());
    const [mail] = await waitForMails(bob.user.email, 1, `Alice User assigned you on MAIL-${issue.sequence_id}: Mail me`);
    expect(mail.headers["list-unsubscribe"]).toMatch(/^<https?:\/\/[^>]+\/unsubscribe\/[^>]+>$/);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.text).toContain("Unsubscribe from this issue:");
  });

  it("mails an assignment, and a mention joining it later only with the new change", async () => {
    const bob = await addMember(p, 15, "Bob");
    const issue = await newIssue(alice, { assignees_list: [bob.user.id] });
    await instantPass();
    await comment(alice, issue.id, `And ${mention(bob)}`);
    await instantPass();
    const mails = await mailsTo(bob);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Alice User assigned you on MAIL-${issue.sequence_id}: Mail me`,
      `Alice User mentioned you on MAIL-${issue.sequence_id}: Mail me`,
    ]);
    expect(mails[1].text_body).not.toContain("assigned you");
    // One notification, coalesced, told twice: once per change.
    expect(await countRows("notifications", "recipient_id = ?", bob.user.id)).toBe(1);
  });

  it("mails nothing when the person turned instant mail off, or read it in the app first", async () => {
    const bob = await addMember(p, 15, "Bob");
    await choose(bob, { instant: false, digest_hours: 0 });
    const quiet = await newIssue(alice, { assignees_list: [bob.user.id] });
    const carol = await addMember(p, 15, "Carol");
    const read = await newIssue(alice, { assignees_list: [carol.user.id] });
    const [note] = (await carol.get(`/api/workspaces/${p.slug}/notifications/`)).body;
    expect(note.issue.id).toBe(read.id);
    expect((await carol.patch(`/api/workspaces/${p.slug}/notifications/${note.id}/`, { read: true })).status).toBe(200);
    await instantPass();
    await digestPass();
    expect(await mailsTo(bob)).toEqual([]);
    expect(await mailsTo(carol)).toEqual([]);
    expect(quiet.id).toBeTruthy();
  });
});

describe("people who left the project", () => {
  it("are mailed nothing about it, and what was pending for them is passed over", async () => {
    const bob = await addMember(p, 15, "Bob");
    const issue = await newIssue(alice, { assignees_list: [bob.user.id] });
    await env.DB.prepare("DELETE FROM project_members WHERE project_id = ? AND member_id = ?").bind(p.projectId, bob.user.id).run();
    await instantPass();
    await digestPass();
    expect(await mailsTo(bob)).toEqual([]);
    const pending = await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE issue_id = ? AND mailed_changes < json_array_length(changes)").bind(issue.id).first<{ n: number }>();
    expect(pending?.n).toBe(0);
  });
});

describe("digest", () => {
  it("holds what is unread, one section per issue, nothing read, and comes once", async () => {
    const bob = await addMember(p, 15, "Bob");
    const dave = await addMember(p, 15, "Dave");
    const first = await newIssue(alice);
    const second = await newIssue(alice);
    const readOne = await newIssue(alice);
    for (const issue of [first, second, readOne]) expect((await bob.post(`${p.base}/issues/${issue.id}/subscription/`)).status).toBeLessThan(300);
    // Two people change the first issue: two notifications, one section.
    await alice.patch(`${p.base}/issues/${first.id}/`, { priority: "high" });
    await dave.patch(`${p.base}/issues/${first.id}/`, { state: p.states["In Progress"] });
    await alice.patch(`${p.base}/issues/${second.id}/`, { priority: "low" });
    await alice.patch(`${p.base}/issues/${readOne.id}/`, { priority: "urgent" });
    const notes = (await bob.get(`/api/workspaces/${p.slug}/notifications/`)).body as { id: string; issue: { id: string } }[];
    const toRead = notes.find((note) => note.issue.id === readOne.id);
    await bob.patch(`/api/workspaces/${p.slug}/notifications/${toRead?.id}/`, { read: true });

    await instantPass();
    expect(await mailsTo(bob)).toEqual([]);
    await digestPass();
    const [digest, ...more] = await mailsTo(bob);
    expect(more).toEqual([]);
    expect(digest.kind).toBe("notification-digest");
    expect(digest.subject).toBe("What changed on 2 issues you follow");
    const sections = digest.text_body.split(/\n\n/).filter((part) => part.startsWith("MAIL-"));
    expect(sections).toHaveLength(2);
    const firstSection = sections.find((section) => section.startsWith(`MAIL-${first.sequence_id} `)) ?? "";
    expect(firstSection).toContain("Alice User set the priority to high");
    expect(firstSection).toContain("Dave User changed the state to In Progress");
    expect(digest.text_body).toContain("Alice User set the priority to low");
    expect(digest.text_body).not.toContain(`MAIL-${readOne.sequence_id} `);
    expect(digest.text_body).not.toContain("urgent");
    expect(JSON.parse(digest.headers)["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    await digestPass();
    expect(await mailsTo(bob)).toHaveLength(1);
  });

  it("mails a change that replaced an already mailed one of its kind, and the clock's changes without a name", async () => {
    const bob = await addMember(p, 15, "Bob");
    const issue = await newIssue(alice, { assignees_list: [bob.user.id], target_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) });
    await alice.patch(`${p.base}/issues/${issue.id}/`, { priority: "high" });
    await digestPass();
    expect((await mailsTo(bob)).map((mail) => mail.kind)).toEqual(["notification-digest"]);
    // The same person changes the priority again within minutes: the notification keeps one
    // priority change, the new one, which the next digest must still tell.
    await alice.patch(`${p.base}/issues/${issue.id}/`, { priority: "urgent" });
    await tellTimedNotifications(env, new Date());
    await digestPass();
    const [, second, ...more] = await mailsTo(bob);
    expect(more).toEqual([]);
    expect(second.text_body).toContain("Alice User set the priority to urgent");
    expect(second.text_body).not.toContain("set the priority to high");
    // The clock's change reads alone, with nobody's name before it.
    expect(second.text_body).toMatch(/^\W*Due tomorrow$/m);
  });

  it("is not sent before its hour", async () => {
    const bob = await addMember(p, 15, "Bob");
    await choose(bob, { digest_hours: 24 });
    const issue = await newIssue(alice);
    await bob.post(`${p.base}/issues/${issue.id}/subscription/`);
    await alice.patch(`${p.base}/issues/${issue.id}/`, { priority: "high" });
    const now = new Date();
    await mailNotificationDigests(sweepContext(), new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 4)));
    expect(await mailsTo(bob)).toEqual([]);
    await digestPass();
    expect(await mailsTo(bob)).toHaveLength(1);
  });
});

describe("unsubscribe links", () => {
  async function mailedBob() {
    const bob = await addMember(p, 15, "Bob");
    const issue = await newIssue(alice);
    await comment(alice, issue.id, `Hey ${mention(bob)}`);
    await instantPass();
    const [mail] = await mailsTo(bob);
    const all = new URL(JSON.parse(mail.headers)["List-Unsubscribe"].slice(1, -1)).pathname;
    return { bob, issue, mail, all };
  }

  it("turns all notification mail off with a one-click POST without a session; a GET changes nothing", async () => {
    const { bob, all } = await mailedBob();
    const page = await callWorker("GET", all);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Unsubscribe");
    expect(await preferences(bob)).toEqual({ instant: true, digest_hours: 4 });
    const answer = await oneClick(all);
    expect(answer.status).toBe(200);
    expect(await preferences(bob)).toEqual({ instant: false, digest_hours: 0 });
  });

  it("stops following the one issue from the link in the mail's body", async () => {
    const { bob, issue, mail } = await mailedBob();
    expect(await countRows("issue_subscribers", "issue_id = ? AND user_id = ?", issue.id, bob.user.id)).toBe(1);
    const path = linkIn(mail.text_body, `/unsubscribe/${bob.user.id}.${issue.id}.`);
    const answer = await oneClick(path);
    expect(answer.status).toBe(200);
    expect(await countRows("issue_subscribers", "issue_id = ? AND user_id = ?", issue.id, bob.user.id)).toBe(0);
    expect(await preferences(bob)).toEqual({ instant: true, digest_hours: 4 });
  });

  it("refuses any other token and changes nothing", async () => {
    const { bob, issue, all } = await mailedBob();
    const token = all.split("/").pop() as string;
    const [userId, signature] = token.split(".");
    const tokens = fc.oneof(
      // The signature altered by one character, cut, or moved to another person or scope.
      fc.nat({ max: signature.length - 1 }).map((at) => `${userId}.${signature.slice(0, at)}${signature[at] === "A" ? "B" : "A"}${signature.slice(at + 1)}`),
      fc.nat({ max: signature.length - 1 }).map((at) => `${userId}.${signature.slice(0, at)}`),
      fc.constant(`${alice.user.id}.${signature}`),
      fc.constant(`${userId}.${issue.id}.${signature}`),
      fc.string({ maxLength: 120 }),
      fc.stringMatching(/^[A-Za-z0-9_.-]{1,150}$/),
    );
    await fc.assert(
      fc.asyncProperty(tokens, async (bad) => {
        fc.pre(bad !== token);
        const answer = await oneClick(`/unsubscribe/${encodeURIComponent(bad)}`);
        expect(answer.status, bad).not.toBe(200);
        expect(answer.status, bad).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
    expect(await preferences(bob)).toEqual({ instant: true, digest_hours: 4 });
    expect(await countRows("issue_subscribers", "issue_id = ? AND user_id = ?", issue.id, bob.user.id)).toBe(1);
  });
});
