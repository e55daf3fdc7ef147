// The cost model of `npm run cost` (ADR 051), the part that needs no server: Cloudflare's
// published allowances, what a team does in a day, and the arithmetic that turns measured
// per-action figures into a team's daily use, its share of each free allowance and a monthly
// bill on the paid plan. scripts/cost.mjs measures the per-action figures through the real Worker.
// Pure (no Node built-ins): tests/unit/cost-model.test.ts runs it.

/** When the allowances below were read from Cloudflare's pages. */
export const ALLOWANCES_READ_ON = "2026-11-29";

const WORKERS_PRICING = "https://developers.cloudflare.com/workers/platform/pricing/";
const WORKERS_LIMITS = "https://developers.cloudflare.com/workers/platform/limits/";
const D1_PRICING = "https://developers.cloudflare.com/d1/platform/pricing/";
const D1_LIMITS = "https://developers.cloudflare.com/d1/platform/limits/";
const DO_PRICING = "https://developers.cloudflare.com/durable-objects/platform/pricing/";
const QUEUES_PRICING = "https://developers.cloudflare.com/queues/platform/pricing/";
const R2_PRICING = "https://developers.cloudflare.com/r2/pricing/";

/** The Workers Paid plan's monthly minimum, which includes the paid allowances below. */
export const PAID_PLAN_BASE_USD = 5;
/** Days in a billing month, as Cloudflare's examples count them. */
export const DAYS_PER_MONTH = 30;
/** A Durable Object's memory for duration billing (GB): 128 MB, as the pricing page counts it. */
export const DO_MEMORY_GB = 0.128;

/**
 * One metered resource: its free allowance per day (a monthly free allowance, as R2's, is given
 * per month and spread over the month's days), what the paid plan includes per month and what
 * each further million costs. `unit` names one unit of the meter.
 */
export const ALLOWANCES = {
  workerRequests: { label: "Workers requests", unit: "requests", freePerDay: 100_000, paidIncludedPerMonth: 10_000_000, paidPerMillion: 0.3, source: WORKERS_PRICING },
  workerCpuMs: { label: "Workers CPU", unit: "CPU ms", freePerDay: null, paidIncludedPerMonth: 30_000_000, paidPerMillion: 0.02, source: WORKERS_PRICING },
  d1RowsRead: { label: "D1 rows read", unit: "rows", freePerDay: 5_000_000, paidIncludedPerMonth: 25_000_000_000, paidPerMillion: 0.001, source: D1_PRICING },
  d1RowsWritten: { label: "D1 rows written", unit: "rows", freePerDay: 100_000, paidIncludedPerMonth: 50_000_000, paidPerMillion: 1.0, source: D1_PRICING },
  doRequests: { label: "Durable Object requests", unit: "requests", freePerDay: 100_000, paidIncludedPerMonth: 1_000_000, paidPerMillion: 0.15, source: DO_PRICING },
  doGbSeconds: { label: "Durable Object duration", unit: "GB-s", freePerDay: 13_000, paidIncludedPerMonth: 400_000, paidPerMillion: 12.5, source: DO_PRICING },
  doRowsWritten: { label: "Durable Object SQLite rows written", unit: "rows", freePerDay: 100_000, paidIncludedPerMonth: 50_000_000, paidPerMillion: 1.0, source: DO_PRICING },
  queueOps: { label: "Queues operations", unit: "operations", freePerDay: 10_000, paidIncludedPerMonth: 1_000_000, paidPerMillion: 0.4, source: QUEUES_PRICING },
  r2ClassA: { label: "R2 Class A operations", unit: "operations", freePerMonth: 1_000_000, paidIncludedPerMonth: 1_000_000, paidPerMillion: 4.5, source: R2_PRICING },
  r2ClassB: { label: "R2 Class B operations", unit: "operations", freePerMonth: 10_000_000, paidIncludedPerMonth: 10_000_000, paidPerMillion: 0.36, source: R2_PRICING },
};

/** Limits that are not daily meters: per request, per database, per account. */
export const LIMITS = {
  freeCpuMsPerRequest: { value: 10, source: WORKERS_LIMITS },
  d1DatabaseBytes: { free: 500 * 1e6, paid: 10 * 1e9, source: D1_LIMITS },
  d1AccountStorageBytes: { free: 5 * 1e9, paidIncluded: 5 * 1e9, paidPerGbMonth: 0.75, source: D1_PRICING },
  d1QueriesPerInvocation: { free: 50, paid: 1000, source: D1_LIMITS },
  r2Storage: { freeGbMonth: 10, paidPerGbMonth: 0.015, source: R2_PRICING },
  /** Incoming WebSocket messages are billed as Durable Object requests at 20 to 1. */
  doWebSocketMessagesPerRequest: { value: 20, source: DO_PRICING },
};

/**
 * What one person does in a working day, in the actions scripts/cost.mjs measures. Figures a
 * Linear or Plane team would recognise: a few issues filed, a dozen moved or reassigned, a few
 * comments, the board open through the day in a handful of sessions, and pages opened often.
 */
export const PER_PERSON_PER_DAY = {
  signIn: 0.2, // a session lasts about a week of working days
  kanbanView: 15,
  listView: 10,
  issueView: 20,
  createIssue: 3,
  updateState: 6,
  updateAssignee: 3,
  comment: 5,
  boardMinute: 120, // two hours of a live board open in a tab (opening it is a kanban or list view)
  projectPageView: 3,
  search: 5,
  notificationsView: 4,
};

/** Imports are per team, not per person: one import of this many issues per team per week. */
export const IMPORTS = { issuesPerImport: 500, perTeamPerDay: 1 / 5 };

/** The team sizes the model is run for. */
export const TEAM_SIZES = [10, 50, 200];

/** The meters an action's figures carry, all per one action. */
export const METERS = ["workerRequests", "workerCpuMs", "d1RowsRead", "d1RowsWritten", "doRequests", "doGbSeconds", "doRowsWritten", "queueOps", "r2ClassA", "r2ClassB"];

const zeroUse = () => Object.fromEntries(METERS.map((meter) => [meter, 0]));

/**
 * How many times each action runs in one team's day: the per-person figures times the team, and
 * the imports (counted per imported issue, which is how the import is measured).
 */
export function actionsPerDay(teamSize, perPerson = PER_PERSON_PER_DAY, imports = IMPORTS) {
  const counts = Object.fromEntries(Object.entries(perPerson).map(([action, n]) => [action, n * teamSize]));
  counts.importedIssue = imports.issuesPerImport * imports.perTeamPerDay;
  return counts;
}

/**
 * A team's daily use of every meter: each action's measured figures (`perAction[action][meter]`)
 * times how often the team does it. An action nobody measured counts as an error, not as zero.
 */
export function dailyUse(perAction, counts) {
  const use = zeroUse();
  for (const [action, times] of Object.entries(counts)) {
    const figures = perAction[action];
    if (!figures) throw new Error(`no measured figures for the action "${action}"`);
    for (const meter of METERS) use[meter] += (figures[meter] ?? 0) * times;
  }
  return use;
}

/** The free allowance of a meter for one day, or null when the free plan meters it otherwise. */
export function freePerDay(meter, allowances = ALLOWANCES) {
  const allowance = allowances[meter];
  if (allowance.freePerDay !== undefined) return allowance.freePerDay;
  return allowance.freePerMonth / DAYS_PER_MONTH;
}

/** Each meter's daily use as a percentage of its free allowance (null where there is none). */
export function percentOfFree(use, allowances = ALLOWANCES) {
  return Object.fromEntries(
    METERS.map((meter) => {
      const free = freePerDay(meter, allowances);
      return [meter, free === null ? null : (use[meter] / free) * 100];
    }),
  );
}

/** The dollars one meter costs in a month on the paid plan, beyond what the plan includes. */
export function monthlyOverage(meter, dailyAmount, allowances = ALLOWANCES) {
  const { paidIncludedPerMonth, paidPerMillion } = allowances[meter];
  const month = dailyAmount * DAYS_PER_MONTH;
  return (Math.max(0, month - paidIncludedPerMonth) / 1_000_000) * paidPerMillion;
}

/**
 * The monthly bill on the paid plan: the plan's base, each meter's overage, and D1 storage beyond
 * what the plan includes (`storedBytes`: the database at the month's end).
 */
export function monthlyPaidCost(use, storedBytes = 0, allowances = ALLOWANCES, limits = LIMITS) {
  const byMeter = Object.fromEntries(METERS.map((meter) => [meter, monthlyOverage(meter, use[meter], allowances)]));
  const storage = (Math.max(0, storedBytes - limits.d1AccountStorageBytes.paidIncluded) / 1e9) * limits.d1AccountStorageBytes.paidPerGbMonth;
  const total = PAID_PLAN_BASE_USD + Object.values(byMeter).reduce((sum, dollars) => sum + dollars, 0) + storage;
  return { byMeter, storage, total };
}

/**
 * Whether a team fits the free plan's daily allowances: every daily meter under its allowance.
 * The free plan's CPU limit is per request, not per team: `cpuOver` says whether the heaviest
 * measured request passes it. Storage is a matter of time, not of a day: see `monthsToFill`.
 */
export function fitsFreePlan({ percent, maxCpuMsPerRequest }, limits = LIMITS) {
  const over = Object.entries(percent)
    .filter(([, share]) => share !== null && share > 100)
    .map(([meter]) => meter);
  const cpuOver = Number.isFinite(maxCpuMsPerRequest) && maxCpuMsPerRequest > limits.freeCpuMsPerRequest.value;
  return { fits: over.length === 0, over, cpuOver };
}

/** Months until a database growing by `bytesPerDay` reaches `limitBytes` (Infinity when it does not grow). */
export function monthsToFill(bytesPerDay, limitBytes) {
  return bytesPerDay > 0 ? limitBytes / (bytesPerDay * DAYS_PER_MONTH) : Number.POSITIVE_INFINITY;
}

/** The team model for each size: actions, daily use, shares of the free plan, storage and the paid bill. */
export function teamDays({ perAction, bytesPerPersonDay = 0, bytesPerTeamDay = 0, storageDays = 365, maxCpuMsPerRequest = Number.NaN, sizes = TEAM_SIZES }) {
  return sizes.map((teamSize) => {
    const counts = actionsPerDay(teamSize);
    const use = dailyUse(perAction, counts);
    const percent = percentOfFree(use);
    const bytesPerDay = bytesPerPersonDay * teamSize + bytesPerTeamDay;
    const storedBytes = bytesPerDay * storageDays;
    return {
      teamSize,
      counts,
      use,
      percent,
      bytesPerDay,
      storedBytes,
      monthsToFillFree: monthsToFill(bytesPerDay, LIMITS.d1DatabaseBytes.free),
      monthsToFillPaid: monthsToFill(bytesPerDay, LIMITS.d1DatabaseBytes.paid),
      paid: monthlyPaidCost(use, storedBytes),
      free: fitsFreePlan({ percent, maxCpuMsPerRequest }),
    };
  });
}

/** The largest team size that fits the free plan (null when none does). */
export function largestFreeTeam(teams) {
  const fitting = teams.filter((team) => team.free.fits).map((team) => team.teamSize);
  return fitting.length > 0 ? Math.max(...fitting) : null;
}

/**
 * Durable Object work the request log cannot show (the Worker calls the objects after its line is
 * written), counted from the code paths: a sign-in takes and gives back places in two RateLimiter
 * buckets; every issue write publishes once to its ProjectBoard (an issue version, the change log,
 * the clock and the trimmed log tail: about 4 SQLite rows); a write that tells someone (an
 * assignment, a state change or a comment on a subscribed issue) also publishes once to the
 * WorkspaceHub (a notice row, the trim, two meta rows). Each object then copies its new clock into
 * its D1 row (projects.live_clock or workspaces.live_clock, ADR 062): one D1 row written per
 * object published to, at most (a burst shares one write). A socket's opening is measured instead
 * (each upgrade the log shows is one request to an object), and so are the API rate limiter's
 * calls (`limiterCalls`: one per signed-in /api request, kept in the object's memory, no row).
 */
export const DO_WORK = {
  signIn: { requests: 4, rowsWritten: 4, d1RowsWritten: 0 },
  createIssue: { requests: 1, rowsWritten: 4, d1RowsWritten: 1 },
  updateState: { requests: 2, rowsWritten: 8, d1RowsWritten: 2 },
  updateAssignee: { requests: 2, rowsWritten: 8, d1RowsWritten: 2 },
  comment: { requests: 2, rowsWritten: 8, d1RowsWritten: 2 },
};
/** Wall-clock seconds an object runs per request (a publish measures a few ms; hibernated sockets cost none). */
export const DO_SECONDS_PER_REQUEST = 0.01;
/** Queue operations per message: one write, one read, one delete. */
export const QUEUE_OPS_PER_MESSAGE = 3;
/** Open live sockets per board minute (the board's and the workspace hub's) and the client's ping interval. */
export const LIVE_SOCKETS = { perBoardMinute: 2, pingSeconds: 25 };

/**
 * One action's figures on every meter, from what scripts/cost.mjs measured (`measured`: averages
 * per action of requests, D1 rows, sockets opened, queue jobs and CPU) and the Durable Object
 * work above. `perUnit` divides an action measured in bulk (an import of N issues) into one unit.
 */
export function actionFigures(action, measured, { perUnit = 1, r2 = { classA: 0, classB: 0 } } = {}) {
  const work = DO_WORK[action] ?? { requests: 0, rowsWritten: 0, d1RowsWritten: 0 };
  const doRequests = (measured.sockets ?? 0) + (measured.limiterCalls ?? 0) + work.requests;
  const figures = {
    workerRequests: measured.requests,
    workerCpuMs: Number.isFinite(measured.cpuMs) ? measured.cpuMs : 0,
    d1RowsRead: measured.d1RowsRead,
    d1RowsWritten: measured.d1RowsWritten + work.d1RowsWritten,
    doRequests,
    doGbSeconds: doRequests * DO_SECONDS_PER_REQUEST * DO_MEMORY_GB,
    doRowsWritten: work.rowsWritten,
    queueOps: (measured.jobs ?? 0) * QUEUE_OPS_PER_MESSAGE,
    r2ClassA: r2.classA,
    r2ClassB: r2.classB,
  };
  return Object.fromEntries(Object.entries(figures).map(([meter, value]) => [meter, value / perUnit]));
}

/**
 * A minute of a live board left open: the sockets only ping, which the objects answer without
 * waking (no duration); the pings are counted as incoming messages, billed 20 to 1. The Worker
 * itself sees `heldRequestsPerMinute` (measured: none while a socket waits).
 */
export function boardMinuteFigures(heldRequestsPerMinute, limits = LIMITS) {
  const pings = LIVE_SOCKETS.perBoardMinute * (60 / LIVE_SOCKETS.pingSeconds);
  const figures = zeroUse();
  figures.workerRequests = heldRequestsPerMinute;
  figures.doRequests = pings / limits.doWebSocketMessagesPerRequest.value;
  return figures;
}
