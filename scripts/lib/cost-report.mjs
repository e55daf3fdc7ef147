// docs/COST.md as `npm run cost` writes it: the measured figures per action, the assumptions of a
// team's day, each team's daily use against the free allowances, and the monthly paid bill.
import { ALLOWANCES, ALLOWANCES_READ_ON, IMPORTS, LIMITS, METERS, PAID_PLAN_BASE_USD, PER_PERSON_PER_DAY, freePerDay } from "./cost-model.mjs";

const ACTION_LABELS = {
  signIn: "sign in",
  kanbanView: "open the kanban page",
  listView: "open the list page",
  issueView: "open an issue",
  createIssue: "create an issue",
  updateState: "update an issue's state",
  updateAssignee: "update an issue's assignee",
  comment: "comment",
  boardMinute: "a minute of a live board left open",
  projectPageView: "open a project page",
  search: "search",
  notificationsView: "open the inbox (notifications)",
  importedIssue: "import one issue (CSV import)",
};

const count = (n) => (n >= 100 ? Math.round(n).toLocaleString("en-US") : n >= 10 ? n.toFixed(1) : n.toFixed(2));
const percent = (p) => (p === null ? "n/a" : p >= 10 ? `${Math.round(p)}%` : `${p.toFixed(1)}%`);
const dollars = (d) => `$${d.toFixed(2)}`;
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
const row = (cells) => `| ${cells.join(" | ")} |`;

function actionsTable(measured, perAction) {
  const lines = [
    row(["action", "Worker requests", "D1 rows read", "D1 rows written", "D1 queries", "CPU ms per Worker request", "process CPU", "DO requests", "queue ops", "measured over"]),
    row(["---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---"]),
  ];
  for (const [action, label] of Object.entries(ACTION_LABELS)) {
    const figures = perAction[action];
    const m = measured[action] ?? {};
    lines.push(
      row([
        label,
        count(figures.workerRequests),
        count(figures.d1RowsRead),
        count(figures.d1RowsWritten),
        count(m.d1QueriesEach ?? 0),
        Number.isFinite(m.cpuPerRequest) ? `${m.cpuPerRequest.toFixed(1)}${m.cpuOf ? ` (${m.cpuOf})` : ""}` : "n/a",
        Number.isFinite(m.processCpuPerRequest) ? m.processCpuPerRequest.toFixed(1) : "n/a",
        count(figures.doRequests),
        count(figures.queueOps),
        m.over ?? "",
      ]),
    );
  }
  return lines.join("\n");
}

/** Where each action's rows go: its requests (and jobs) by route, per run of the action. */
function routesTable(routesByAction) {
  const lines = [row(["action", "request", "per action", "D1 rows read each", "D1 rows written each"]), row(["---", "---", "---:", "---:", "---:"])];
  for (const [action, { reps, routes }] of Object.entries(routesByAction)) {
    for (const [route, r] of Object.entries(routes)) {
      lines.push(row([action === "csvImport" ? "a whole CSV import" : (ACTION_LABELS[action] ?? action), `\`${route}\``, count(r.count / reps), count(r.d1RowsRead / r.count), count(r.d1RowsWritten / r.count)]));
    }
  }
  return lines.join("\n");
}

function assumptionsTable() {
  const lines = [row(["action", "per person per day"]), row(["---", "---:"])];
  for (const [action, n] of Object.entries(PER_PERSON_PER_DAY)) lines.push(row([ACTION_LABELS[action] ?? action, String(n)]));
  lines.push(row([`imports of ${IMPORTS.issuesPerImport} issues`, `${IMPORTS.perTeamPerDay} per team (one a week)`]));
  return lines.join("\n");
}

function teamsTable(teams) {
  const header = row(["meter", "free allowance / day", ...teams.flatMap((team) => [`${team.teamSize} people / day`, "% of free"])]);
  const lines = [header, row(["---", "---:", ...teams.flatMap(() => ["---:", "---:"])])];
  for (const meter of METERS) {
    const free = freePerDay(meter);
    lines.push(
      row([
        ALLOWANCES[meter].label,
        free === null ? "10 ms per request" : count(free),
        ...teams.flatMap((team) => [count(team.use[meter]), percent(team.percent[meter])]),
      ]),
    );
  }
  return lines.join("\n");
}

const months = (n) => (Number.isFinite(n) ? (n >= 24 ? `${(n / 12).toFixed(1)} years` : `${n.toFixed(1)} months`) : "never");

function storageTable(teams) {
  const lines = [row(["team", "D1 growth per day", "after a year", "free database (500 MB) full in", "paid database (10 GB) full in"]), row(["---", "---:", "---:", "---:", "---:"])];
  for (const team of teams) {
    lines.push(row([`${team.teamSize} people`, `${(team.bytesPerDay / 1e6).toFixed(2)} MB`, mb(team.storedBytes), months(team.monthsToFillFree), months(team.monthsToFillPaid)]));
  }
  return lines.join("\n");
}

function billTable(teams) {
  const lines = [row(["team", "fits the free plan's allowances", "over", "paid plan per month", "of which beyond the $5 base"]), row(["---", "---", "---", "---:", "---:"])];
  for (const team of teams) {
    const over = team.free.over.map((meter) => ALLOWANCES[meter]?.label ?? meter).join(", ") || "nothing";
    lines.push(row([`${team.teamSize} people`, team.free.fits ? "yes" : "no", over, dollars(team.paid.total), dollars(team.paid.total - PAID_PLAN_BASE_USD)]));
  }
  return lines.join("\n");
}

function sourcesList() {
  const sources = new Map();
  for (const allowance of [...Object.values(ALLOWANCES), ...Object.values(LIMITS)]) {
    if (allowance.source) sources.set(allowance.source, true);
  }
  return [...sources.keys()].map((url) => `- ${url} (read ${ALLOWANCES_READ_ON})`).join("\n");
}

/**
 * One team's sentence: whether its day fits the free plan's daily allowances (and how close the
 * nearest meter is), how long the free database lasts it, and what the paid plan costs it.
 */
export function teamVerdict(team) {
  const [meter, share] = Object.entries(team.percent)
    .filter(([, p]) => p !== null)
    .sort(([, a], [, b]) => b - a)[0];
  const nearest = `${ALLOWANCES[meter].label} at ${percent(share)} of the free allowance`;
  const database = `its database fills the free plan's 500 MB in ${months(team.monthsToFillFree)}`;
  if (team.free.fits) return `**A team of ${team.teamSize} fits the free plan's daily allowances** (${nearest}); ${database}.`;
  return `**A team of ${team.teamSize} needs the paid plan** (${nearest}): about ${dollars(team.paid.total)} a month; ${database}, the paid plan's 10 GB in ${months(team.monthsToFillPaid)}.`;
}

/**
 * The whole document. `run`: when and where it was measured; `storage`: scripts/lib/cost-storage.mjs's
 * figures; `floorMs`: the local server's own CPU per request, taken off each CPU figure.
 */
export function costMarkdown({ run, measured, perAction, teams, storage, maxCpu, routesByAction, floorMs }) {
  const floor = Number.isFinite(floorMs) ? `${floorMs.toFixed(1)} ms` : "not measured";
  const verdict = teams.map((team) => teamVerdict(team)).join(" ");
  const cpuLine = maxCpu.cpuOver
    ? `But the free plan also caps CPU at 10 ms per request, and on this machine ${maxCpu.over.length} of the ${Object.keys(ACTION_LABELS).length - 2} measured actions spend more than that per Worker request (heaviest: ${maxCpu.over
        .slice(0, 3)
        .map((o) => `${ACTION_LABELS[o.action] ?? o.action} ${o.ms.toFixed(1)} ms`)
        .join(", ")}): until those are under 10 ms (issue 36), they risk failing on the free plan whatever the team's size.`
    : `Every measured action stays under the free plan's 10 ms of CPU per request on this machine (heaviest: ${ACTION_LABELS[maxCpu.action] ?? maxCpu.action}, ${maxCpu.ms.toFixed(1)} ms).`;
  return `# What a team costs to run

Written by \`npm run cost\` (scripts/cost.mjs) on ${run.at}, ${run.machine}. Method and assumptions: docs/decisions/051-cost-model.md.

${verdict} ${cpuLine}

## Per action, measured through the Worker

The bench dataset (a project of 1,000 issues, nine members) in a fresh local database, served as \`npm start\` serves it. Worker requests and D1 rows and queries are summed from the Worker's log lines: one per request (route, D1 rows read and written, queries) and one per queue job. Page views run in Chromium: the document, its data requests and its live sockets. Durable Object requests are the sockets the log shows opening, the API rate limiter's call for each signed-in \`/api\` request the log shows (the harness's allowance is lifted so its hundreds of requests a minute pass; the limiter is still asked), plus the objects each write calls (counted from the code: scripts/lib/cost-model.mjs, \`DO_WORK\`). Queue operations: three per message the consumer ran. CPU, measured as the screens benchmark measures it (docs/decisions/053): local D1 runs in a workerd process of its own (bench/lib/d1-apart.mjs), as the edge runs D1 apart from the Worker, and is left out. **Process CPU** is the app's workerd process's user + system time per Worker request, idle baseline off (bench/lib/cpu.mjs), over the action's requests (and the background work and jobs they cause); for a page view, over its document request fetched alone (60 of them, after 60 unmeasured ones warm the isolate's code, each after the same change as the visits when the action names one) (the browser's visit also makes workerd serve static assets, which Cloudflare serves without the Worker). **CPU ms per Worker request** takes off what the same server spends answering a GET from an empty Worker: **${floor} per request** on this run (miniflare's entry and asset router workers and HTTP over loopback, which the edge's front line does outside the Worker). What is left is the isolate, its calls to D1 and the runtime around them: an upper bound of what the free plan's 10 ms counts. The kernel counts CPU in 10 ms ticks, so each figure is an average over its runs; local workerd on this machine, not Cloudflare's: read it against the 10 ms limit as an estimate.

${actionsTable(measured, perAction)}

### Where the rows go

Each action's requests by route (jobs by type), per run of the action, with the D1 rows each read and wrote.

${routesTable(routesByAction)}

## A team's day: the assumptions

${assumptionsTable()}

## A team's day against the free plan

${teamsTable(teams)}

### Storage: how long the database lasts

Bytes per created issue, comment and update are measured below; a team's growth is those times its day (imports included).

${storageTable(teams)}

R2 (Class A and B operations): the CSV import stores its file once and reads it per job run; uploads are outside this model (attachments are up to the team). The free plan's R2 allowance is monthly and shown per day.

## The bill

${billTable(teams)}

The paid plan's figure is the $5 monthly minimum plus each meter beyond what the plan includes (per-million prices as published), with D1 storage beyond 5 GB at $0.75 per GB-month after a year's growth. CPU on the paid plan: 30 million CPU ms a month are included; the Workers CPU row above is the measured CPU per request (the local server's share off) times the requests (a page's figure is its document's CPU for each of its requests, an upper bound).

## Storage and write rate (inputs of docs/SCALE.md)

| write (through the API) | bytes added to D1 each | rows added per write |
| --- | ---: | --- |
${Object.entries(storage.batches)
  .map(([name, batch]) => `| ${name} | ${Math.round(batch.bytesEach).toLocaleString("en-US")} | ${Object.entries(batch.rows)
    .filter(([, n]) => n !== 0)
    .map(([table, n]) => `${table} ${(n / storage.batch).toFixed(2)}`)
    .join(", ")} |`)
  .join("\n")}

Creates from ${storage.writers} concurrent writers: **${Math.round(storage.createsPerSecond)} per second** on this machine's local D1 (one database).

## Sources (Cloudflare's published allowances)

${sourcesList()}
`;
}
