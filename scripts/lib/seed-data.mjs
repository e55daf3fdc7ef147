// The demo workspace as plain rows and as SQL. Pure: the same `now` gives the same SQL (ids are
// derived from names, password salts from emails), so the seed can be checked without a database.
// Table and column names follow drizzle/schema.ts; timestamps are ISO 8601 UTC strings, dates
// YYYY-MM-DD, booleans 0/1, JSON columns JSON text (docs/decisions/003-ids-and-times.md).
import { createHash, pbkdf2Sync } from "node:crypto";

/** workers/auth/passwords.ts: `pbkdf2_sha256$<iterations>$<salt hex>$<hash hex>`, 32-byte key. */
export const PASSWORD_ITERATIONS = 100_000;

export const DEMO_PASSWORD = "demo-password-123";
export const DEMO_USER = { email: "demo@example.com", password: DEMO_PASSWORD, first_name: "Demo", last_name: "User" };
export const DEMO_MEMBER = { email: "alex@example.com", password: DEMO_PASSWORD, first_name: "Alex", last_name: "Rivera" };
export const DEMO_WORKSPACE = { name: "Demo", slug: "demo" };
export const DEMO_PROJECT = { name: "Demo Project", identifier: "DEMO" };

const ROLE = { owner: 20, member: 15 };
const DAY_MS = 86_400_000;

/** A stable UUID v4-shaped id for a seed entity, so reseeding a fresh database gives the same ids. */
export function seedId(name) {
  const hex = createHash("sha256").update(`edge-tracker-demo:${name}`).digest("hex");
  const variant = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function hashPassword(password, saltHex, iterations = PASSWORD_ITERATIONS) {
  const hash = pbkdf2Sync(password, Buffer.from(saltHex, "hex"), iterations, 32, "sha256").toString("hex");
  return `pbkdf2_sha256$${iterations}$${saltHex}$${hash}`;
}

const saltFor = (email) => createHash("sha256").update(`edge-tracker-demo-salt:${email}`).digest("hex").slice(0, 32);

// States exactly as a new project gets them (workers/domain/projects.ts DEFAULT_STATES).
const STATES = [
  { key: "backlog", name: "Backlog", group: "backlog", color: "#3f76ff", default: true },
  { key: "todo", name: "Todo", group: "unstarted", color: "#ff9e9e", default: false },
  { key: "progress", name: "In Progress", group: "started", color: "#d687ff", default: false },
  { key: "done", name: "Done", group: "completed", color: "#096e8d", default: false },
  { key: "cancelled", name: "Cancelled", group: "cancelled", color: "#ff5353", default: false },
];

const LABELS = [
  { key: "bug", name: "bug", color: "#e5484d", description: "Something does not work as it should." },
  { key: "feature", name: "feature", color: "#3f76ff", description: "New behaviour for users." },
  { key: "docs", name: "docs", color: "#0f7b6c", description: "README, ADRs and API reference." },
  { key: "performance", name: "performance", color: "#f59e0b", description: "CPU, rows read, latency." },
  { key: "area", name: "Area", color: "#6e56cf", description: "Which part of the product." },
  { key: "api", name: "API", color: "#8e4ec6", parent: "area", description: "" },
  { key: "ui", name: "UI", color: "#d6409f", parent: "area", description: "" },
  { key: "sync", name: "Sync", color: "#12a594", parent: "area", description: "" },
];

// [title, state, priority, labels, assignees (d = demo, a = alex), parent #, start, target, description]
// start/target are day offsets from today (null = no date).
const ISSUES = [
  ["Set up the Worker entry with Hono and Remix", "done", "high", ["feature", "api"], "d", null, -50, -45, "One Worker serves /api through Hono and every other path through the Remix request handler."],
  ["Write the drizzle schema for issues, states and labels", "done", "high", ["feature", "api"], "d", null, -49, -44, "snake_case columns so rows map straight onto the REST payloads."],
  ["Generate the first D1 migration", "done", "medium", ["api"], "a", null, -47, -46, "drizzle-kit generate writes the SQL; wrangler applies it locally and remotely."],
  ["Sign-up and sign-in with PBKDF2 password hashing", "done", "urgent", ["feature", "api"], "d", null, -46, -40, "PBKDF2-SHA256 with 100000 iterations through WebCrypto."],
  ["Session cookies with HttpOnly and SameSite=Lax", "done", "high", ["feature"], "d", 4, -44, -40, "Store only the SHA-256 of the session token."],
  ["API keys for scripts (X-Api-Key)", "done", "medium", ["feature", "api"], "a", null, -42, -38, "Tokens are shown once and stored hashed."],
  ["Workspace creation and slug validation", "done", "medium", ["feature", "ui"], "a", null, -41, -37, "Slugs cannot shadow the app's own first path segments."],
  ["Invite members by email", "progress", "high", ["feature", "ui"], "a", null, -5, 4, "Owners invite with a role no higher than their own."],
  ["Project creation with the five default states", "done", "high", ["feature"], "d", null, -40, -35, "Backlog, Todo, In Progress, Done and Cancelled with sequences 15000 to 55000."],
  ["Issue list endpoint with group_by", "progress", "high", ["feature", "api"], "da", null, -4, 3, "Group by state, priority, label or creator; a plain array otherwise."],
  ["Keyset pagination for large issue lists", "todo", "medium", ["performance", "api"], "a", 10, null, 9, "per_page and cursor answer {results, next_cursor}."],
  ["Kanban board with drag and drop ordering", "progress", "urgent", ["feature", "ui"], "d", null, -6, 5, "Dropping between two cards sends the sort_order computed by the client rule."],
  ["Live board updates over WebSockets", "progress", "urgent", ["feature", "sync"], "da", null, -7, 6, "The ProjectBoard Durable Object stamps each committed change with the project's clock."],
  ["Reconnect catch-up from the last server clock", "todo", "high", ["sync"], "d", 13, null, 8, "A client that reconnects sends its last clock and gets the missed changes or a reset."],
  ["Presence avatars on the board", "backlog", "low", ["ui", "sync"], "", 13, null, null, "Show who else is looking at the board right now."],
  ["Issue detail page with rich-text description", "progress", "medium", ["feature", "ui"], "a", null, -3, 7, "ProseMirror editor; the HTML is sanitised on the server."],
  ["Sanitise description HTML with an allow-list", "todo", "urgent", ["bug", "api"], "d", 16, null, 2, "Never store markup the allow-list does not name."],
  ["Mentions in comments", "backlog", "low", ["feature"], "", null, null, null, "Typing @ offers the project's members."],
  ["Activity history merged with comments", "todo", "medium", ["feature", "api"], "a", null, null, 12, "Every field change writes an activity row in the same batch as the change."],
  ["Labels with colours and label groups", "done", "medium", ["feature", "ui"], "a", null, -30, -26, "A label may have a parent; the parent is the group."],
  ["Assignee picker with keyboard navigation", "todo", "medium", ["feature", "ui"], "a", null, null, 10, "Arrow keys move, Enter toggles, Escape closes."],
  ["Cycle date-check endpoint", "todo", "medium", ["feature", "api"], "d", null, 1, 6, "Answer status false when the dates overlap another cycle of the project."],
  ["Transfer unfinished issues between cycles", "backlog", "medium", ["feature"], "", null, null, null, "Move backlog, unstarted and started issues to a cycle that has not ended."],
  ["Module progress charts", "backlog", "low", ["feature", "ui"], "", null, null, null, "Burn-down of completed issues per day with uPlot."],
  ["Saved views with filter chips", "backlog", "medium", ["feature", "ui"], "a", null, null, null, "A view stores its filters; opening it applies them."],
  ["Pages editor with ProseMirror", "backlog", "low", ["feature", "ui"], "", null, null, null, "Project pages made of blocks that can link to issues."],
  ["Attachments upload to R2 with a size limit", "todo", "high", ["feature", "api"], "d", null, 2, 11, "Refuse oversized files with 413 before reading the whole body."],
  ["Serve private files through the Worker after an access check", "todo", "high", ["feature", "api"], "d", 27, null, 11, "Never hand out a public bucket URL for a private file."],
  ["GitHub importer with rate-limit handling", "backlog", "medium", ["feature"], "a", null, null, 30, "Honour X-RateLimit-Remaining and resume from the last page after a retry."],
  ["Jira importer: map statuses to state groups", "backlog", "low", ["feature"], "", null, null, null, "Unknown statuses land in the default state."],
  ["Slack notifications for state changes", "backlog", "none", ["feature"], "", null, null, null, "Post to the project's channel when an issue is completed."],
  ["Outgoing webhooks with retries on the JOBS queue", "backlog", "medium", ["feature", "api"], "", null, null, null, "Deliveries are idempotent so a redelivered message does no harm."],
  ["Retry board publishes from the queue when the DO is unavailable", "done", "high", ["sync"], "d", 13, -12, -9, "A committed change is never lost to a passing Durable Object error."],
  ["Measure CPU per route in the bench", "todo", "medium", ["performance"], "a", null, null, 14, "The free plan gives 10 ms CPU per request."],
  ["Lower PBKDF2 iterations to fit sign-in into 10 ms CPU", "cancelled", "medium", ["performance"], "d", null, null, null, "Rejected: 100000 iterations stay; sign-in and sign-up are the accepted exceptions (ADR 002)."],
  ["Issue numbers duplicated under concurrent creates", "done", "urgent", ["bug", "api"], "d", null, -20, -18, "The counter row is bumped in the same D1 batch as the insert."],
  ["Board card shows a stale state after reconnect", "progress", "high", ["bug", "sync"], "a", 13, -2, 2, "Seen after the laptop wakes from sleep with the board open."],
  ["Date picker is off by one day west of UTC", "todo", "medium", ["bug", "ui"], "a", null, null, 5, "Dates are YYYY-MM-DD strings; never pass them through a local Date."],
  ["Paths without a trailing slash answer 404", "done", "low", ["bug", "api"], "d", null, -25, -24, "Every path is accepted with and without its trailing slash."],
  ["Label chips lack contrast in the dark theme", "backlog", "low", ["bug", "ui"], "", null, null, null, "Pick the text colour from the label colour's luminance."],
  ["Keyboard shortcut C to create an issue", "todo", "low", ["feature", "ui"], "", null, null, null, "Ignore the shortcut while typing in an input."],
  ["Bulk edit: set the priority of many issues", "backlog", "medium", ["feature"], "", null, null, null, "Select issues in the list and change them in one request."],
  ["Archive completed issues after 30 days", "cancelled", "none", ["feature"], "", null, null, null, "Not needed for now: completed issues are filtered out of active views."],
  ["Email digests of assigned issues", "cancelled", "low", ["feature"], "", null, null, null, "Out of scope for the first release."],
  ["README: the two commands and demo credentials", "done", "medium", ["docs"], "d", null, -3, -1, "npm start and npm test come first."],
  ["ADRs for sessions, roles and post-commit publish", "progress", "low", ["docs"], "d", null, -2, 5, "Context, decision and consequences for each choice."],
  ["API reference for the issues endpoints", "todo", "low", ["docs", "api"], "a", null, null, 20, "Paths, payloads and error shapes with examples."],
  ["Carry the D1 bookmark so replicas read your writes", "done", "medium", ["performance"], "d", null, -15, -12, "The bookmark goes back as a cookie or the x-d1-bookmark header."],
  ["Index review: avoid full scans on issue filters", "todo", "high", ["performance", "api"], "a", null, 0, 9, "D1 bills every row read; each filter needs an index."],
  ["Spreadsheet layout for the issue list", "backlog", "medium", ["feature", "ui"], "", null, null, null, "Editable cells for state, priority, assignees and dates."],
];

// Cycles: one finished sprint and the current one, with the issues planned into each.
const CYCLES = [
  { key: "sprint-1", name: "Sprint 1", start: -21, end: -8, issues: [33, 36, 39, 48] },
  { key: "sprint-2", name: "Sprint 2", start: -7, end: 6, issues: [8, 10, 12, 13, 14, 16, 17, 22, 37, 45, 46] },
];

const MODULES = [
  { key: "live-board", name: "Live board", status: "in-progress", start: -10, target: 14, issues: [12, 13, 14, 15, 37] },
  { key: "importers", name: "Importers", status: "planned", start: 7, target: 45, issues: [29, 30] },
];

/** Pages of notes: [key, name, private?, blocks of [name, text, converted to issue number?]]. */
const PAGES = [
  [
    "release",
    "Release checklist",
    false,
    [
      ["Freeze the schema", "No migration lands in the last two days before a release.", null],
      ["Run the benchmark", "Compare npm run bench against the last release's figures.", null],
      ["Announce in the changelog", "Say what changed for people who run it themselves.", 5],
    ],
  ],
  ["notes", "My scratch notes", true, [["Ideas for the palette", "Recent issues first when the search is empty?", null]]],
];

/** Saved views: [key, name, description, filters]. */
const VIEWS = [
  ["urgent", "Urgent and high", "What needs doing first.", { priority: ["urgent", "high"] }],
  ["backlog", "Backlog", "Issues nobody has planned yet.", { type: "backlog" }],
];

const COMMENTS = [
  [13, "a", "The DO publish is awaited after the response commits, so the board is told before the caller moves on."],
  [13, "d", "Good. Failed publishes go to the JOBS queue and are retried there."],
  [37, "d", "Could this be the socket reconnecting before the catch-up arrives?"],
  [37, "a", "Looks like it: the card updates once the next change comes in."],
  [35, "d", "Keeping 100000 iterations; see ADR 002 for why."],
];

function dateOffset(now, days) {
  return new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

function paragraphs(texts) {
  return {
    json: { type: "doc", content: texts.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })) },
    html: texts.map((text) => `<p>${escapeHtml(text)}</p>`).join(""),
    stripped: texts.join(" "),
  };
}

function escapeHtml(text) {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

/** Every row of the demo, keyed by table name, in foreign-key order. */
export function seedRows({ now = new Date() } = {}) {
  const iso = (ms) => new Date(ms).toISOString();
  const t = now.getTime();
  const stamp = iso(t - 60 * DAY_MS);

  const owner = seedId("user:demo");
  const member = seedId("user:alex");
  const workspaceId = seedId("workspace:demo");
  const projectId = seedId("project:demo");
  const userIds = { d: owner, a: member };
  const base = { workspace_id: workspaceId, project_id: projectId };

  const users = [DEMO_USER, DEMO_MEMBER].map((user, index) => ({
    id: index === 0 ? owner : member,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    display_name: user.email.split("@")[0],
    avatar: "",
    password_hash: hashPassword(user.password, saltFor(user.email)),
    theme: null,
    is_bot: false,
    // The demo accounts' addresses count as proven, as accounts from before verification do.
    email_verified_at: stamp,
    last_workspace_id: null,
    created_at: stamp,
    updated_at: stamp,
  }));

  const workspaces = [
    { id: workspaceId, name: DEMO_WORKSPACE.name, slug: DEMO_WORKSPACE.slug, logo: "", owner_id: owner, created_at: stamp, updated_at: stamp },
  ];
  const workspace_members = [
    { id: seedId("wm:demo"), workspace_id: workspaceId, member_id: owner, role: ROLE.owner, created_at: stamp, updated_at: stamp },
    { id: seedId("wm:alex"), workspace_id: workspaceId, member_id: member, role: ROLE.member, created_at: stamp, updated_at: stamp },
  ];
  // Set after the workspace exists (the column is a plain reference, set by a later UPDATE).
  const lastWorkspace = { ids: [owner, member], workspaceId };

  const projects = [
    {
      id: projectId,
      workspace_id: workspaceId,
      name: DEMO_PROJECT.name,
      identifier: DEMO_PROJECT.identifier,
      description: "A sample project: the work of building this tracker, with a board, cycles and modules to explore.",
      network: 2,
      emoji: null,
      icon_prop: null,
      cover_image: null,
      cycle_view: true,
      module_view: true,
      issue_views_view: true,
      page_view: true,
      estimate_id: null,
      project_lead: owner,
      default_assignee: null,
      created_by: owner,
      created_at: stamp,
      updated_at: stamp,
    },
  ];
  const project_members = [
    { id: seedId("pm:demo"), ...base, member_id: owner, role: ROLE.owner, view_props: null, default_props: null, created_at: stamp, updated_at: stamp },
    { id: seedId("pm:alex"), ...base, member_id: member, role: ROLE.member, view_props: null, default_props: null, created_at: stamp, updated_at: stamp },
  ];
  const user_favorites = [
    { id: seedId("fav:demo"), user_id: owner, workspace_id: workspaceId, project_id: projectId, entity_type: "project", entity_id: projectId, created_at: stamp },
  ];

  const stateIds = {};
  const states = STATES.map((state, index) => {
    stateIds[state.key] = seedId(`state:${state.key}`);
    return {
      id: stateIds[state.key],
      ...base,
      name: state.name,
      description: "",
      color: state.color,
      group: state.group,
      default: state.default,
      sequence: 15000 + index * 10000,
      external_source: null,
      external_id: null,
      created_by: owner,
      created_at: stamp,
      updated_at: stamp,
    };
  });
  const groupOf = Object.fromEntries(STATES.map((state) => [state.key, state.group]));

  const labelIds = {};
  const labels = LABELS.map((label, index) => {
    labelIds[label.key] = seedId(`label:${label.key}`);
    return {
      id: labelIds[label.key],
      ...base,
      name: label.name,
      description: label.description,
      color: label.color,
      parent: label.parent ? labelIds[label.parent] : null,
      sort_order: 65535 + index * 10000,
      external_source: null,
      external_id: null,
      created_by: owner,
      created_at: stamp,
      updated_at: stamp,
    };
  });

  const issueIds = ISSUES.map((_, index) => seedId(`issue:${index + 1}`));

  const cycles = [];
  const cycle_issues = [];
  CYCLES.forEach((cycle, index) => {
    const id = seedId(`cycle:${cycle.key}`);
    cycles.push({
      id,
      ...base,
      name: cycle.name,
      description: "",
      start_date: dateOffset(now, cycle.start),
      end_date: dateOffset(now, cycle.end),
      owned_by: owner,
      view_props: null,
      sort_order: 65535 + index * 10000,
      created_at: stamp,
      updated_at: stamp,
    });
    for (const sequence of cycle.issues) {
      // Planned into the cycle on its first day, so its burndown starts from the whole scope.
      const joined = iso(t + cycle.start * DAY_MS);
      cycle_issues.push({ id: seedId(`cycle-issue:${sequence}`), ...base, issue_id: issueIds[sequence - 1], cycle_id: id, created_by: owner, created_at: joined });
    }
  });

  const modules = [];
  const module_members = [];
  const module_issues = [];
  MODULES.forEach((module, index) => {
    const id = seedId(`module:${module.key}`);
    modules.push({
      id,
      ...base,
      name: module.name,
      description: "",
      status: module.status,
      lead_id: owner,
      start_date: dateOffset(now, module.start),
      target_date: dateOffset(now, module.target),
      view_props: null,
      sort_order: 65535 + index * 10000,
      external_source: null,
      external_id: null,
      created_by: owner,
      created_at: stamp,
      updated_at: stamp,
    });
    module_members.push({ id: seedId(`module-member:${module.key}`), module_id: id, project_id: projectId, member_id: owner, created_at: stamp });
    for (const sequence of module.issues) {
      module_issues.push({ id: seedId(`module-issue:${sequence}`), ...base, issue_id: issueIds[sequence - 1], module_id: id, created_by: owner, created_at: iso(t + Math.min(0, module.start) * DAY_MS) });
    }
  });
  const cycleOf = new Map(cycle_issues.map((row) => [issueIds.indexOf(row.issue_id) + 1, row.cycle_id]));
  const moduleOf = new Map(module_issues.map((row) => [issueIds.indexOf(row.issue_id) + 1, row.module_id]));

  const issues = [];
  const issue_assignees = [];
  const issue_labels = [];
  const issue_activities = [];
  ISSUES.forEach(([name, stateKey, priority, labelKeys, who, parent, start, target, text], index) => {
    const sequence = index + 1;
    const id = issueIds[index];
    // Created one after another over the last eight weeks, oldest first.
    // An issue is never started before it was created.
    let created = t - (56 - index) * DAY_MS + (index % 7) * 3_600_000;
    if (start !== null) created = Math.min(created, t + (start - 1) * DAY_MS);
    const group = groupOf[stateKey];
    const createdBy = index % 3 === 1 ? member : owner;
    let completedAt = null;
    let updated = Math.min(t - 3_600_000, created + ((index % 5) + 1) * DAY_MS);
    if (group === "completed") {
      const finished = target !== null ? Math.min(t - 3_600_000, t + target * DAY_MS - 7_200_000) : updated;
      completedAt = iso(Math.max(finished, created + 3_600_000));
      updated = new Date(completedAt).getTime();
    }
    // Started issues always carry a start date (the state side effect would have set one).
    const startOffset = start ?? (group === "started" ? -1 : null);
    const description = paragraphs([text, `Tracked as ${DEMO_PROJECT.identifier}-${sequence}.`]);
    issues.push({
      id,
      ...base,
      name,
      description: description.json,
      description_html: description.html,
      description_stripped: description.stripped,
      priority,
      state_id: stateIds[stateKey],
      parent_id: parent ? issueIds[parent - 1] : null,
      estimate_point: null,
      start_date: startOffset === null ? null : dateOffset(now, startOffset),
      target_date: target === null ? null : dateOffset(now, target),
      completed_at: completedAt,
      sequence_id: sequence,
      sort_order: 65535 + 10000 * index,
      // Denormalised copies of the bridge rows (docs/decisions/006-issue-list-reads.md).
      assignee_ids: [...who].map((code) => userIds[code]),
      label_ids: labelKeys.map((key) => labelIds[key]),
      cycle_id: cycleOf.get(sequence) ?? null,
      module_id: moduleOf.get(sequence) ?? null,
      sub_issues_count: ISSUES.filter((other) => other[5] === sequence).length,
      link_count: 0,
      attachment_count: 0,
      external_source: null,
      external_id: null,
      created_by: createdBy,
      updated_by: createdBy,
      created_at: iso(created),
      updated_at: iso(Math.max(created, updated)),
    });
    for (const code of who) {
      issue_assignees.push({
        id: seedId(`assignee:${sequence}:${code}`),
        ...base,
        issue_id: id,
        assignee_id: userIds[code],
        created_by: createdBy,
        created_at: iso(created),
      });
    }
    for (const key of labelKeys) {
      issue_labels.push({ id: seedId(`issue-label:${sequence}:${key}`), ...base, issue_id: id, label_id: labelIds[key], created_by: createdBy, created_at: iso(created) });
    }
    issue_activities.push({
      id: seedId(`activity:${sequence}:created`),
      ...base,
      issue_id: id,
      actor_id: createdBy,
      verb: "created",
      field: "issue",
      old_value: null,
      new_value: null,
      old_identifier: null,
      new_identifier: null,
      comment: "created the issue",
      created_at: iso(created),
    });
  });
  // Parents are inserted before their sub-issues.
  issues.sort((a, b) => Number(a.parent_id !== null) - Number(b.parent_id !== null));

  const issue_sequences = [{ project_id: projectId, last_sequence_id: ISSUES.length }];

  const issue_comments = COMMENTS.map(([sequence, who, text], index) => {
    const body = paragraphs([text]);
    const at = iso(t - (COMMENTS.length - index) * 5_400_000);
    return {
      id: seedId(`comment:${index}`),
      ...base,
      issue_id: issueIds[sequence - 1],
      actor_id: userIds[who],
      comment_json: body.json,
      comment_html: body.html,
      comment_stripped: body.stripped,
      created_at: at,
      updated_at: at,
    };
  });

  const pages = [];
  const page_blocks = [];
  PAGES.forEach(([key, name, isPrivate, blocks], index) => {
    const id = seedId(`page:${key}`);
    const at = iso(t - (PAGES.length - index) * 7_200_000);
    pages.push({ id, ...base, name, access: isPrivate ? 1 : 0, color: "", created_by: owner, created_at: at, updated_at: at });
    blocks.forEach(([blockName, text, sequence], position) => {
      const body = paragraphs([text]);
      page_blocks.push({
        id: seedId(`page-block:${key}:${position}`),
        ...base,
        page_id: id,
        name: blockName,
        description: body.json,
        description_html: body.html,
        description_stripped: body.stripped,
        issue_id: sequence ? issueIds[sequence - 1] : null,
        sync: true,
        sort_order: 65535 + position * 10000,
        created_by: owner,
        created_at: at,
        updated_at: at,
      });
    });
  });
  const issue_views = VIEWS.map(([key, name, description, filters]) => ({
    id: seedId(`view:${key}`),
    ...base,
    name,
    description,
    query_data: filters,
    created_by: owner,
    created_at: stamp,
    updated_at: stamp,
  }));

  return {
    tables: {
      users,
      workspaces,
      workspace_members,
      projects,
      project_members,
      user_favorites,
      states,
      labels,
      cycles,
      modules,
      module_members,
      issues,
      issue_sequences,
      issue_assignees,
      issue_labels,
      cycle_issues,
      module_issues,
      issue_activities,
      issue_comments,
      pages,
      page_blocks,
      issue_views,
    },
    lastWorkspace,
  };
}

function literal(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'`;
}

const quote = (name) => `"${name.replaceAll('"', '""')}"`;

/** Multi-row INSERTs, a few rows each so every statement stays far below D1's 100 KB limit. */
function insertStatements(table, rows, columns, chunk = 20) {
  if (rows.length === 0) return [];
  const out = [];
  for (let i = 0; i < rows.length; i += chunk) {
    const values = rows
      .slice(i, i + chunk)
      .map((row) => `(${columns.map((column) => literal(row[column])).join(", ")})`)
      .join(",\n  ");
    out.push(`INSERT INTO ${quote(table)} (${columns.map(quote).join(", ")}) VALUES\n  ${values};`);
  }
  return out;
}

/** The whole demo as one SQL script for `wrangler d1 execute DB --file`. */
export function buildSeedSql({ now = new Date(), columns } = {}) {
  return seedSql(seedRows({ now }), { now, columns }).sql;
}

/**
 * SQL for rows from `seedRows`. `columns` (table -> column names present in the target database)
 * leaves out columns an older local schema lacks, so they take their defaults; `skipped` lists them.
 */
export function seedSql({ tables, lastWorkspace }, { now = new Date(), columns } = {}) {
  const statements = [`-- Demo workspace for edge-tracker, generated by scripts/seed.mjs at ${now.toISOString()}.`];
  const skipped = [];
  for (const [table, rows] of Object.entries(tables)) {
    if (rows.length === 0) continue;
    let names = Object.keys(rows[0]);
    const present = columns?.[table];
    if (columns && !present) throw new Error(`table ${table} is missing from the database; are the migrations applied?`);
    if (present) {
      skipped.push(...names.filter((name) => !present.includes(name)).map((name) => `${table}.${name}`));
      names = names.filter((name) => present.includes(name));
    }
    statements.push(...insertStatements(table, rows, names));
  }
  statements.push(
    `UPDATE "users" SET "last_workspace_id" = ${literal(lastWorkspace.workspaceId)} WHERE "id" IN (${lastWorkspace.ids.map(literal).join(", ")});`,
  );
  return { sql: `${statements.join("\n")}\n`, skipped };
}

/** Row counts per table, for checking a seeded database. */
export function rowCounts({ tables }) {
  return Object.fromEntries(Object.entries(tables).map(([table, rows]) => [table, rows.length]));
}
