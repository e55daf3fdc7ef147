// Notifications benchmark (issue 35): what telling people costs the writes that tell them, and
// what reading an inbox of 10,000 notifications costs. Three figures:
// - a comment with 3 mentions in a project of 51 members against a plain comment (the mentions
//   make notifications, subscriptions and live notices in the comment's own batch);
// - the inbox list, the unread count and the inbox page for a person with 10,000 notifications;
// - a state change on an issue with 50 subscribers (50 notifications in the write's batch, one
//   live notice): the write's time, and the time until a subscriber's open tab hears of it.
// The extra members, the subscribers and the 10,000 notifications are SQL loaded before the Worker
// starts (notificationsSetupSql), as an importer would write them.
import { BENCH_EMAIL, BENCH_PASSWORD } from "../lib/dataset.mjs";

/** The inbox page's size (workers/domain/schemas/inbox.ts), which a client pages by too. */
const INBOX_PAGE_SIZE = 50;
import { openHubSocket } from "../lib/board-socket.mjs";
import { browserHeaders, timeDocument } from "../lib/documents.mjs";
import { ms, summarize, timeInTurns, timeResponses } from "../lib/measure.mjs";

export const TARGETS = { mentionOverheadMs: 3, inboxWorkerP50: 10, fanoutP99: 50 };

/** The person whose inbox is measured: a member of the bench dataset, who can sign in. */
const READER_EMAIL = "bench-member-0@example.com";
export const INBOX_NOTIFICATIONS = 10_000;
/** Members the setup adds to the project, beside the dataset's owner and 8 members: 51 in all. */
const EXTRA_MEMBERS = 42;
/** Issues of the project with every member but the owner subscribed: one per fan-out write. */
const FANOUT_ISSUES = 120;

const sqlText = (value) => `'${String(value).replaceAll("'", "''")}'`;

/**
 * The rows the suite needs in the project of 1,000 issues: 42 more members (51 with the owner),
 * every member but the owner subscribed to the project's first 120 issues (50 subscribers each),
 * and 10,000 notifications for the reader over the project's issues, newest first, a third of
 * them unread, one in ten archived and one in seven a mention.
 */
export function notificationsSetupSql({ workspaceSlug, project }) {
  const workspace = `(SELECT id FROM workspaces WHERE slug = ${sqlText(workspaceSlug)})`;
  const owner = `(SELECT id FROM users WHERE email = ${sqlText(BENCH_EMAIL)})`;
  const reader = `(SELECT id FROM users WHERE email = ${sqlText(READER_EMAIL)})`;
  const stamp = (minutesAgo) => `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (${minutesAgo}) || ' minutes')`;
  const count = (n) => `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n})`;
  const p = sqlText(project.id);
  return [
    `INSERT INTO users (id, email, first_name, last_name, display_name, password_hash, created_at, updated_at)
      ${count(EXTRA_MEMBERS)} SELECT lower(hex(randomblob(16))), 'bench-extra-' || i || '@example.com', 'Extra' || i, 'Bench', 'extra' || i,
        (SELECT password_hash FROM users WHERE email = ${sqlText(BENCH_EMAIL)}), ${stamp(0)}, ${stamp(0)} FROM n;`,
    `INSERT INTO workspace_members (id, workspace_id, member_id, role, created_at, updated_at)
      SELECT lower(hex(randomblob(16))), ${workspace}, id, 15, created_at, created_at FROM users WHERE email LIKE 'bench-extra-%';`,
    `INSERT INTO project_members (id, workspace_id, project_id, member_id, role, created_at, updated_at)
      SELECT lower(hex(randomblob(16))), ${workspace}, ${p}, id, 15, created_at, created_at FROM users WHERE email LIKE 'bench-extra-%';`,
    `INSERT INTO issue_subscribers (id, workspace_id, project_id, issue_id, user_id, created_at)
      SELECT lower(hex(randomblob(16))), ${workspace}, ${p}, i.id, pm.member_id, ${stamp(0)}
      FROM issues i JOIN project_members pm ON pm.project_id = i.project_id
      WHERE i.project_id = ${p} AND i.sequence_id <= ${FANOUT_ISSUES} AND pm.member_id <> ${owner};`,
    `INSERT INTO notifications (id, workspace_id, project_id, issue_id, recipient_id, actor_id, changes, mentioned, created_at, updated_at, read_at, archived_at)
      ${count(INBOX_NOTIFICATIONS)} SELECT lower(hex(randomblob(16))), ${workspace}, ${p},
        (SELECT id FROM issues WHERE project_id = ${p} AND sequence_id = 1 + (n.i % ${project.size})), ${reader}, ${owner},
        '[{"kind":"priority","old_value":"none","new_value":"high"}]', n.i % 7 = 0, ${stamp("n.i")}, ${stamp("n.i")},
        CASE WHEN n.i % 3 = 0 THEN NULL ELSE ${stamp("n.i")} END, CASE WHEN n.i % 10 = 0 THEN ${stamp("n.i")} END FROM n;`,
  ].join("\n");
}

async function signInAs(url, email) {
  const response = await fetch(`${url}/api/auth/sign-in/`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
  return (response.headers.get("set-cookie") ?? "").split(";")[0];
}

const doc = (text) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });
const mentionHtml = (member) => `<span data-type="mention" data-id="${member.id}" data-label="${member.first_name}" class="mention">@${member.first_name}</span>`;

export async function runNotificationsSuite({ url, cookie, workspaceSlug, project, log }) {
  const api = `${url}/api/workspaces/${workspaceSlug}`;
  const base = `${api}/projects/${project.id}`;
  const call = async (method, path, body, as = cookie) => {
    const response = await fetch(path, {
      method,
      headers: { cookie: as, origin: url, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status}`);
    return response;
  };
  const json = async (path, as = cookie) => {
    const response = await fetch(path, { headers: { cookie: as } });
    if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
    return response.json();
  };
  const readerCookie = await signInAs(url, READER_EMAIL);
  const me = await json(`${url}/api/users/me/`);
  const members = (await json(`${base}/members/`)).map((row) => row.member ?? row).filter((member) => member.id !== me.id);
  if (members.length < 50) throw new Error(`the project has ${members.length + 1} members, expected 51`);

  log("notifications: comments, plain and with 3 mentions");
  // Each comment on an issue of its own, which only its creator follows: the mentions' cost, not a
  // growing crowd of followers (the fan-out below measures that).
  const newIssue = async (name) => {
    const response = await fetch(`${base}/issues/`, { method: "POST", headers: { cookie, origin: url, "content-type": "application/json" }, body: JSON.stringify({ name }) });
    if (response.status !== 201) throw new Error(`creating an issue: HTTP ${response.status}`);
    return (await response.json()).id;
  };
  const plainIssues = [];
  const mentionIssues = [];
  for (let i = 0; i < 110; i++) {
    plainIssues.push(await newIssue(`Bench comments, plain ${i}`));
    mentionIssues.push(await newIssue(`Bench comments, with mentions ${i}`));
  }
  const comment = (issueId, html) => call("POST", `${base}/issues/${issueId}/comments/`, { comment_json: doc("bench"), comment_html: html });
  // In turns: the comparison is what the mentions add, whatever else the machine is doing.
  const [plain, mentions] = await timeInTurns([
    (i) => comment(plainIssues[i], "<p>A plain comment</p>"),
    (i) => {
      const three = [0, 1, 2].map((k) => members[(i * 3 + k) % members.length]);
      return comment(mentionIssues[i], `<p>Please look ${three.map(mentionHtml).join(" ")}</p>`);
    },
  ]);

  log(`notifications: an inbox of ${INBOX_NOTIFICATIONS.toLocaleString("en-US")}`);
  const asReader = (path) => () => call("GET", path, undefined, readerCookie);
  const inboxList = await timeResponses(asReader(`${api}/notifications/?per_page=${INBOX_PAGE_SIZE}`));
  const mentionsTab = await timeResponses(asReader(`${api}/notifications/?tab=mentions&per_page=${INBOX_PAGE_SIZE}`));
  const unreadCount = await timeResponses(asReader(`${api}/notifications/unread-count/`));
  const pageWorker = [];
  for (let i = 0; i < 60; i++) {
    const sample = await timeDocument(`${url}/${workspaceSlug}/notifications`, browserHeaders(readerCookie));
    if (i >= 10) pageWorker.push(sample.worker);
  }
  const inboxPage = { worker: summarize(pageWorker.filter(Number.isFinite)) };
  // What opening the inbox from another screen of the workspace reads: its own loader alone (the
  // shells above it are not read again on a navigation inside the workspace).
  const inboxData = await timeResponses(asReader(`${url}/${workspaceSlug}/notifications.data?_routes=${encodeURIComponent("routes/$workspaceSlug.notifications")}`));

  log("notifications: a state change told to 50 subscribers");
  /** The project's issues with `sequence_id` in [from, to), in that order. */
  const issuesNumbered = async (from, to) => {
    const found = [];
    for (let cursor = null, first = true; first || cursor; first = false) {
      const page = await json(`${base}/issues/?per_page=100${cursor ? `&cursor=${cursor}` : ""}`);
      found.push(...page.results.filter((issue) => issue.sequence_id >= from && issue.sequence_id < to));
      cursor = page.next_cursor;
    }
    return found.sort((a, b) => a.sequence_id - b.sequence_id);
  };
  const subscribed = await issuesNumbered(1, FANOUT_ISSUES + 1);
  // Issues nobody follows but their creator: the same write, telling no one.
  const unfollowed = await issuesNumbered(FANOUT_ISSUES + 1, 2 * FANOUT_ISSUES + 1);
  if (subscribed.length < FANOUT_ISSUES || unfollowed.length < FANOUT_ISSUES) throw new Error("the project has too few issues for the fan-out");
  const hub = await openHubSocket(`${url.replace(/^http/, "ws")}/api/workspaces/${workspaceSlug}/live`, readerCookie);
  const flip = (issue) => call("PATCH", `${base}/issues/${issue.id}/`, { priority: issue.priority === "urgent" ? "low" : "urgent" });
  const heard = [];
  let fanout;
  let alone;
  try {
    // Each write is to an issue nobody was told about yet: 50 new notifications, not a coalesced one.
    [fanout, alone] = await timeInTurns(
      [
        async (i) => {
          const notice = hub.nextNotices(5000);
          const start = performance.now();
          const response = await flip(subscribed[i]);
          const at = await notice;
          if (i >= 10) heard.push(at - start);
          return response;
        },
        (i) => flip(unfollowed[i]),
      ],
      { warmup: 10, count: FANOUT_ISSUES - 10 },
    );
  } finally {
    hub.socket.close();
  }
  fanout.heard = summarize(heard);
  return { plain, mentions, inboxList, mentionsTab, unreadCount, inboxData, inboxPage, fanout, alone, members: members.length + 1 };
}

const both = (result) => `**${ms(result.worker.p50)}** / ${ms(result.worker.p99)}`;

export function notificationsMarkdown(r) {
  const overhead = r.mentions.worker.p50 - r.plain.worker.p50;
  return [
    "## Notifications (issue 35)",
    "",
    `The bench project of 1,000 issues with ${r.members} members; one request at a time, 100 after 10 warm-up (the fan-out: ${FANOUT_ISSUES - 10} writes of each kind after 10, each to an issue nobody was told about yet). Pairs compared are measured in turns. Inbox reads are pages of ${INBOX_PAGE_SIZE}, as the inbox page reads. Worker time from Server-Timing.`,
    "",
    "| what | Worker p50 / p99 | CPU ms/request | client p50 |",
    "| --- | --- | --- | --- |",
    `| comment, plain (in turns with the next) | ${both(r.plain)} | | ${ms(r.plain.p50)} |`,
    `| comment with 3 mentions (3 notifications, subscriptions, live notices) | ${both(r.mentions)} | | ${ms(r.mentions.p50)} |`,
    `| inbox list, first page, ${INBOX_NOTIFICATIONS.toLocaleString("en-US")} notifications | ${both(r.inboxList)} | ${ms(r.inboxList.cpuMs)} | ${ms(r.inboxList.p50)} |`,
    `| inbox Mentions tab | ${both(r.mentionsTab)} | ${ms(r.mentionsTab.cpuMs)} | ${ms(r.mentionsTab.p50)} |`,
    `| unread count | ${both(r.unreadCount)} | ${ms(r.unreadCount.cpuMs)} | ${ms(r.unreadCount.p50)} |`,
    `| inbox page, a navigation's data read (its loader alone) | ${both(r.inboxData)} | ${ms(r.inboxData.cpuMs)} | ${ms(r.inboxData.p50)} |`,
    `| inbox page, the whole document (workspace shell and all) | ${both(r.inboxPage)} | | |`,
    `| state change told to 50 subscribers (in turns with the next) | ${both(r.fanout)} | | ${ms(r.fanout.p50)} |`,
    `| state change told to nobody | ${both(r.alone)} | | ${ms(r.alone.p50)} |`,
    "",
    "The whole document is reported, not held to the inbox's budget: most of it is the workspace shell every page renders (issue 36 holds documents to the CPU budget).",
    "",
    `Mentions cost **${ms(overhead)}** over a plain comment at p50 (budget <= ${TARGETS.mentionOverheadMs} ms). A subscriber's open tab hears of the state change ${ms(r.fanout.heard.p50)} p50, **${ms(r.fanout.heard.p99)}** p99 after the write was sent (budget < ${TARGETS.fanoutP99} ms p99), 50 notifications written in the write's batch.`,
  ].join("\n");
}
