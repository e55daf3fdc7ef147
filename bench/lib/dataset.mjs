// Generates the benchmark's database as SQL: one owner, eight members, a workspace and one
// project per requested size, each with the five default states, twelve labels and N issues
// spread over states, priorities, assignees and labels (denormalised columns kept in step with
// the bridge tables, as the domain layer writes them). The projects of 1,000, 10,000 and 100,000
// issues that the project-sizes suite measures sit in a workspace of their own (bench-sizes),
// loaded after the other suites have run, so their figures stay those of the bench workspace alone.
import { pbkdf2Sync, randomBytes, randomUUID } from "node:crypto";

export const BENCH_PASSWORD = "bench-password-123";
export const BENCH_EMAIL = "bench-owner@example.com";

const q = (value) => (value === null || value === undefined ? "NULL" : `'${String(value).replaceAll("'", "''")}'`);

export function passwordHash(password, iterations = 100_000) {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, iterations, 32, "sha256");
  return `pbkdf2_sha256$${iterations}$${salt.toString("hex")}$${hash.toString("hex")}`;
}

function insertRows(table, columns, rows, chunk = 200) {
  const out = [];
  for (let i = 0; i < rows.length; i += chunk) {
    const values = rows
      .slice(i, i + chunk)
      .map((row) => `(${row.map((v) => (typeof v === "number" ? String(v) : q(v))).join(",")})`)
      .join(",\n");
    out.push(`INSERT INTO ${table} (${columns.join(",")}) VALUES\n${values};`);
  }
  return out.join("\n");
}

/** A random UUID (version 4) computed by SQLite, for rows the database derives itself. */
const SQL_UUID =
  "lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))";

/**
 * The bridge rows of one project's issues (`issue_assignees` or `issue_labels`), derived by the
 * database from the issues' denormalised id lists: the same rows, without sending each as SQL
 * (they were over half of the dataset's text, and its load time, at 100,000 issues).
 */
function bridgeFromIssues(table, column, listColumn, project, createdBy, createdAt) {
  return [
    `INSERT INTO ${table} (id, workspace_id, project_id, issue_id, ${column}, created_by, created_at)`,
    `SELECT ${SQL_UUID}, issues.workspace_id, issues.project_id, issues.id, each.value, ${q(createdBy)}, ${q(createdAt)}`,
    `FROM issues, json_each(issues.${listColumn}) AS each WHERE issues.project_id = ${q(project)} ORDER BY issues.sequence_id, each.key;`,
  ].join("\n");
}

/** The slug of the workspace of the project-sizes suite's projects. */
export const SIZES_WORKSPACE = "bench-sizes";

/** A deterministic PRNG so every run measures the same data. */
export function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STATES = [
  ["Backlog", "backlog", "#3f76ff", 1],
  ["Todo", "unstarted", "#ff9e9e", 0],
  ["In Progress", "started", "#d687ff", 0],
  ["Done", "completed", "#096e8d", 0],
  ["Cancelled", "cancelled", "#ff5353", 0],
];
const PRIORITIES = ["urgent", "high", "medium", "low", "none"];
const WORDS = ["Sync", "board", "drag", "cycle", "import", "label", "filter", "render", "cache", "socket", "search", "page", "view", "chart", "API", "token"];

/** @param {{ sizes: number[], now?: Date }} options */
/** How many cycles the project of 1,000 issues has. */
export const BENCH_CYCLES = 50;

/** Cycle `i`'s dates: 0-9 ended, 10 runs today, 11-39 are to come, 40-49 are drafts. */
function cycleSpan(i, now) {
  const dayAt = (offset) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  if (i >= 40) return [null, null];
  const start = i < 10 ? -154 + i * 14 : i === 10 ? -3 : 14 + (i - 11) * 14;
  return [dayAt(start), dayAt(start + 13)];
}

/**
 * The dataset as SQL: `sql` holds the users and the bench workspace with a project of each of
 * `sizes`; `sizesSql` the bench-sizes workspace with a project of each of `projectSizes` ("" when
 * there are none), to be loaded later. `projects`: each project's id, size, identifier and
 * workspace slug, the bench workspace's first.
 * @param {{ sizes: number[], projectSizes?: number[], now?: Date }} options
 */
export function buildBenchSql({ sizes, projectSizes = [], now = new Date() }) {
  const random = prng(42);
  const iso = now.toISOString();
  const day = iso.slice(0, 10);
  const hash = passwordHash(BENCH_PASSWORD);
  const owner = randomUUID();
  const members = Array.from({ length: 8 }, () => randomUUID());
  const sql = [];
  sql.push(
    insertRows(
      "users",
      ["id", "email", "first_name", "last_name", "display_name", "password_hash", "created_at", "updated_at"],
      [
        [owner, BENCH_EMAIL, "Bench", "Owner", "bench", hash, iso, iso],
        ...members.map((id, i) => [id, `bench-member-${i}@example.com`, `Member${i}`, "Bench", `member${i}`, hash, iso, iso]),
      ],
    ),
  );
  // The bench workspace, and the project-sizes suite's when it runs: the same owner and members
  // in both. The second one's rows are SQL of their own (`sizesSql`), which the bench loads after
  // the other suites: the full-text index is one for the whole database, and 100,000 more issue
  // names in it slow the bench workspace's searches too (search "issue": 10 ms -> 47 ms Worker p50).
  const workspaces = [{ id: randomUUID(), name: "Bench", slug: "bench", sql, sizes }];
  if (projectSizes.length > 0) workspaces.push({ id: randomUUID(), name: "Bench sizes", slug: SIZES_WORKSPACE, sql: [], sizes: projectSizes });
  for (const { id: workspace, name, slug, sql: out } of workspaces) {
    out.push(insertRows("workspaces", ["id", "name", "slug", "owner_id", "created_at", "updated_at"], [[workspace, name, slug, owner, iso, iso]]));
    out.push(
      insertRows(
        "workspace_members",
        ["id", "workspace_id", "member_id", "role", "created_at", "updated_at"],
        [owner, ...members].map((id, i) => [randomUUID(), workspace, id, i === 0 ? 20 : 15, iso, iso]),
      ),
    );
  }
  const projects = [];
  const sized = workspaces.flatMap((w) => w.sizes.map((size) => ({ size, workspace: w })));
  for (const [index, { size, workspace: target }] of sized.entries()) {
    const { id: workspace, slug: workspaceSlug, sql: out } = target;
    const project = randomUUID();
    const identifier = `BENC${"ABCDEFGHIJ"[index]}`;
    projects.push({ id: project, size, identifier, workspaceSlug });
    out.push(
      insertRows(
        "projects",
        ["id", "workspace_id", "name", "identifier", "network", "created_by", "project_lead", "created_at", "updated_at"],
        [[project, workspace, `Bench ${size}`, identifier, 2, owner, owner, iso, iso]],
      ),
    );
    out.push(
      insertRows(
        "project_members",
        ["id", "workspace_id", "project_id", "member_id", "role", "created_at", "updated_at"],
        [owner, ...members].map((id, i) => [randomUUID(), workspace, project, id, i === 0 ? 20 : 15, iso, iso]),
      ),
    );
    const stateIds = STATES.map(() => randomUUID());
    out.push(
      insertRows(
        "states",
        ["id", "workspace_id", "project_id", "name", "color", '"group"', '"default"', "sequence", "created_at", "updated_at"],
        STATES.map(([name, group, color, isDefault], i) => [stateIds[i], workspace, project, name, color, group, isDefault, 15000 + i * 10000, iso, iso]),
      ),
    );
    const labelIds = Array.from({ length: 12 }, () => randomUUID());
    out.push(
      insertRows(
        "labels",
        ["id", "workspace_id", "project_id", "name", "color", "created_at", "updated_at"],
        labelIds.map((id, i) => [id, workspace, project, `label-${i}`, "#858E96", iso, iso]),
      ),
    );
    // The project of 1,000 issues is planned in 50 two-week cycles (10 completed, the current one,
    // 29 upcoming, 10 drafts), 20 issues each, so the cycle screens have a realistic list.
    const cycleIds = size === 1000 ? Array.from({ length: BENCH_CYCLES }, () => randomUUID()) : [];
    if (cycleIds.length) {
      out.push(
        insertRows(
          "cycles",
          ["id", "workspace_id", "project_id", "name", "start_date", "end_date", "owned_by", "created_at", "updated_at"],
          cycleIds.map((id, i) => [id, workspace, project, `Sprint ${i + 1}`, ...cycleSpan(i, now), owner, iso, iso]),
        ),
      );
    }
    const bridgeRows = [];
    const issueRows = [];
    for (let n = 1; n <= size; n++) {
      const id = randomUUID();
      const cycleId = cycleIds.length ? cycleIds[n % cycleIds.length] : null;
      if (cycleId) bridgeRows.push([randomUUID(), workspace, project, id, cycleId, owner, iso]);
      const stateIndex = Math.floor(random() * STATES.length);
      const assignees = members.filter(() => random() < 0.15).slice(0, 3);
      const labels = labelIds.filter(() => random() < 0.12).slice(0, 3);
      const created = new Date(now.getTime() - (size - n) * 60_000).toISOString();
      const target = random() < 0.4 ? new Date(now.getTime() + Math.floor((random() - 0.3) * 40) * 86_400_000).toISOString().slice(0, 10) : null;
      issueRows.push([
        id, workspace, project,
        `${WORDS[n % WORDS.length]} ${WORDS[(n * 7) % WORDS.length]} issue ${n}`,
        "<p></p>", PRIORITIES[Math.floor(random() * 5)], stateIds[stateIndex], n, 65535 + (n - 1) * 10000,
        JSON.stringify(assignees), JSON.stringify(labels), target, STATES[stateIndex][1] === "started" ? day : null,
        STATES[stateIndex][1] === "completed" ? iso : null, owner, owner, created, created, cycleId,
      ]);
    }
    out.push(
      insertRows(
        "issues",
        ["id", "workspace_id", "project_id", "name", "description_html", "priority", "state_id", "sequence_id", "sort_order", "assignee_ids", "label_ids", "target_date", "start_date", "completed_at", "created_by", "updated_by", "created_at", "updated_at", "cycle_id"],
        issueRows,
        // Rows this wide: 150 keep each statement under D1's 100 KB.
        150,
      ),
    );
    out.push(bridgeFromIssues("issue_assignees", "assignee_id", "assignee_ids", project, owner, iso));
    out.push(bridgeFromIssues("issue_labels", "label_id", "label_ids", project, owner, iso));
    if (bridgeRows.length) {
      out.push(insertRows("cycle_issues", ["id", "workspace_id", "project_id", "issue_id", "cycle_id", "created_by", "created_at"], bridgeRows));
    }
    out.push(insertRows("issue_sequences", ["project_id", "last_sequence_id"], [[project, size]]));
  }
  return { sql: sql.join("\n"), sizesSql: workspaces[1]?.sql.join("\n") ?? "", projects, workspaceSlug: workspaces[0].slug };
}
