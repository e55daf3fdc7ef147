// Inbound GitHub webhooks (issue 18): signed `issues` deliveries posted to POST /api/webhooks/github
// as GitHub posts them, for a project synced to a repository of the fake GitHub.
//
// Latency: one "opened" delivery at a time, with 50 `ws` sockets on the synced project's board;
// per delivery, the time from sending it to the last socket holding the issue it creates (the
// webhook is answered once queued; the queue job creates the issue as the integration's bot and
// publishes it), and the answer's own time.
// Throughput: D deliveries posted by C concurrent senders; accepted/s counts the 200 answers over
// the sending time; then every delivery must become exactly one issue on the board (a socket
// counts the distinct markers): anything less is lost.
//
// The synced project, its bot and the repository sync are written to the local database before
// the Worker starts (no REST creates them yet): `githubWebhooksSetup` answers the SQL.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { ROOT } from "../../scripts/lib/run.mjs";
import { openBoardSocket, waitForMarker } from "../lib/board-socket.mjs";
import { cpuMeter } from "../lib/cpu.mjs";
import { cpu, summarize } from "../lib/measure.mjs";

const GITHUB_INTEGRATION_ID = "00000000-0000-4000-8000-000000000001";
const STATES = [
  ["Backlog", "backlog", "#3f76ff", 1],
  ["Todo", "unstarted", "#ff9e9e", 0],
  ["In Progress", "started", "#d687ff", 0],
  ["Done", "completed", "#096e8d", 0],
  ["Cancelled", "cancelled", "#ff5353", 0],
];
export const LATENCY_SOCKETS = 50;
const LATENCY_WARMUP = 10;
const LATENCY_SAMPLES = 100;
const THROUGHPUT_DELIVERIES = 500;
const THROUGHPUT_SENDERS = 16;

const q = (value) => `'${String(value).replace(/'/g, "''")}'`;

/**
 * Creates the repository on the fake GitHub (its token writes as the app's bot) and answers the
 * SQL that syncs a new project of the bench workspace to it, plus what the suite needs.
 */
export async function githubWebhooksSetup({ githubUrl, appSlug, workspaceSlug, ownerEmail }) {
  const stamp = Date.now().toString(36);
  const token = `ghs_bench${stamp}`;
  const created = await fetch(`${githubUrl}/_fake/repos`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ owner: "bench", name: `synced-${stamp}`, token, login: `${appSlug}[bot]`, issues: 0 }),
  });
  if (!created.ok) throw new Error(`fake GitHub: ${created.status} ${await created.text()}`);
  const { repository } = await created.json();
  const now = new Date().toISOString();
  const [projectId, botId, integrationId, syncId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const workspace = `(SELECT id FROM workspaces WHERE slug = ${q(workspaceSlug)})`;
  const owner = `(SELECT id FROM users WHERE email = ${q(ownerEmail)})`;
  const sql = [
    `INSERT INTO users (id, email, first_name, display_name, password_hash, is_bot, created_at, updated_at) VALUES (${q(botId)}, ${q(`github-bot-${botId}@bots.invalid`)}, 'GitHub', 'GitHub', '!', 1, ${q(now)}, ${q(now)});`,
    `INSERT INTO workspace_members (id, workspace_id, member_id, role, created_at, updated_at) VALUES (${q(randomUUID())}, ${workspace}, ${q(botId)}, 15, ${q(now)}, ${q(now)});`,
    `INSERT INTO projects (id, workspace_id, name, identifier, network, created_by, project_lead, event_sinks, created_at, updated_at) VALUES (${q(projectId)}, ${workspace}, 'Bench GitHub', 'BENGH', 2, ${owner}, ${owner}, 4, ${q(now)}, ${q(now)});`,
    `INSERT INTO project_members (id, workspace_id, project_id, member_id, role, created_at, updated_at) VALUES (${q(randomUUID())}, ${workspace}, ${q(projectId)}, ${owner}, 20, ${q(now)}, ${q(now)}), (${q(randomUUID())}, ${workspace}, ${q(projectId)}, ${q(botId)}, 15, ${q(now)}, ${q(now)});`,
    `INSERT INTO states (id, workspace_id, project_id, name, color, "group", "default", sequence, created_at, updated_at) VALUES ${STATES.map(
      ([name, group, color, isDefault], i) => `(${q(randomUUID())}, ${workspace}, ${q(projectId)}, ${q(name)}, ${q(color)}, ${q(group)}, ${isDefault}, ${15000 + i * 10000}, ${q(now)}, ${q(now)})`,
    ).join(", ")};`,
    // The importer suite may have saved the workspace's GitHub credential already: one row per workspace.
    `INSERT INTO workspace_integrations (id, workspace_id, integration_id, actor_id, metadata, config, created_at, updated_at) VALUES (${q(integrationId)}, ${workspace}, ${q(GITHUB_INTEGRATION_ID)}, ${q(botId)}, ${q(JSON.stringify({ login: `${appSlug}[bot]` }))}, ${q(JSON.stringify({ access_token: token }))}, ${q(now)}, ${q(now)})
      ON CONFLICT (workspace_id, integration_id) DO UPDATE SET actor_id = excluded.actor_id, config = excluded.config;`,
    `INSERT INTO github_repository_syncs (id, workspace_id, project_id, workspace_integration_id, repository_id, name, owner, url, actor_id, created_at, updated_at) VALUES (${q(syncId)}, ${workspace}, ${q(projectId)}, (SELECT id FROM workspace_integrations WHERE workspace_id = ${workspace} AND integration_id = ${q(GITHUB_INTEGRATION_ID)}), ${repository.id}, ${q(repository.name)}, ${q(repository.owner.login)}, ${q(repository.html_url)}, ${q(botId)}, ${q(now)}, ${q(now)});`,
  ].join("\n");
  return { sql, projectId, repository };
}

/** tests/fakes/github/webhooks.ts for Node: the deliveries the tests send, signed the same way. */
async function loadWebhookBuilder(tmpDir) {
  const outfile = path.join(tmpDir, "github-webhooks.mjs");
  await build({ entryPoints: [path.join(ROOT, "tests", "fakes", "github", "webhooks.ts")], bundle: true, platform: "node", format: "esm", outfile, logLevel: "warning" });
  return import(pathToFileURL(outfile).href);
}

/** A board socket that can also collect every marker matching `board.collect` it receives. */
async function openSocket(wsUrl, cookie) {
  const board = await openBoardSocket(wsUrl, cookie, (text, socketBoard) => {
    if (socketBoard.collect) for (const match of text.matchAll(socketBoard.collect)) socketBoard.seen.add(match[0]);
  });
  board.seen = new Set();
  board.collect = null;
  return board;
}

const waitFor = waitForMarker;

export async function runGithubWebhooksSuite({ url, cookie, workspaceSlug, setup, secret, tmpDir, log }) {
  const hooks = await loadWebhookBuilder(tmpDir);
  const { repository, projectId } = setup;
  const wsUrl = `${url.replace(/^http/, "ws")}/api/workspaces/${workspaceSlug}/projects/${projectId}/board`;
  const sender = hooks.githubUser("bench-human", 42);
  let next = 0;
  const opened = (title) => {
    const n = ++next;
    const issue = hooks.githubIssue(repository, { id: repository.id * 100_000 + n, number: n, title, body: `Opened on GitHub (${title}).` });
    return hooks.githubDelivery(secret, "issues", { action: "opened", issue, ...hooks.eventEnvelope(repository, sender, 1) });
  };
  const post = async (delivery) => {
    const response = await fetch(`${url}/api/webhooks/github`, { method: "POST", headers: delivery.headers, body: delivery.body });
    const text = await response.text();
    if (response.status !== 200 || !text.includes('"queued"')) throw new Error(`webhook: HTTP ${response.status} ${text.slice(0, 200)}`);
  };

  log(`github webhooks: ${LATENCY_SOCKETS} sockets, ${LATENCY_SAMPLES} deliveries one at a time`);
  const boards = [];
  for (let i = 0; i < LATENCY_SOCKETS; i += 25) {
    boards.push(...(await Promise.all(Array.from({ length: Math.min(25, LATENCY_SOCKETS - i) }, () => openSocket(wsUrl, cookie)))));
  }
  const toLastSocket = [];
  const answered = [];
  // CPU per delivery, end to end: the webhook route, the queue job and the board's fan-out.
  const meter = await cpuMeter();
  try {
    for (let i = 0; i < LATENCY_WARMUP + LATENCY_SAMPLES; i++) {
      if (i === LATENCY_WARMUP) meter.start();
      const marker = `ghlat-${i}-`;
      const delivery = await opened(`${marker}x`);
      const arrivals = Promise.all(boards.map((board) => waitFor(board, marker, 15_000)));
      const sent = performance.now();
      await post(delivery);
      const answeredAt = performance.now();
      const last = Math.max(...(await arrivals));
      if (i < LATENCY_WARMUP) continue;
      toLastSocket.push(last - sent);
      answered.push(answeredAt - sent);
    }
    meter.stop();
  } finally {
    for (const board of boards) board.socket.close(1000, "bench done");
  }

  log(`github webhooks: ${THROUGHPUT_DELIVERIES} deliveries from ${THROUGHPUT_SENDERS} concurrent senders`);
  const watcher = await openSocket(wsUrl, cookie);
  watcher.collect = /ghtput-\d+-/g;
  const deliveries = await Promise.all(Array.from({ length: THROUGHPUT_DELIVERIES }, (_, i) => opened(`ghtput-${i}-x`)));
  let accepted = 0;
  let errors = 0;
  const errorSamples = [];
  let cursor = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: THROUGHPUT_SENDERS }, async () => {
      while (cursor < deliveries.length) {
        const delivery = deliveries[cursor++];
        try {
          await post(delivery);
          accepted++;
        } catch (error) {
          errors++;
          if (errorSamples.length < 3) errorSamples.push(String(error?.message ?? error));
        }
      }
    }),
  );
  const sendSeconds = (performance.now() - started) / 1000;
  // Every accepted delivery must reach the board as its own issue; give the queue a minute.
  const deadline = performance.now() + 120_000;
  while (watcher.seen.size < accepted && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  const appliedSeconds = (performance.now() - started) / 1000;
  watcher.socket.close(1000, "bench done");
  return {
    latency: { toLastSocket: summarize(toLastSocket), answered: summarize(answered), cpuMs: meter.perRequest(LATENCY_SAMPLES) },
    throughput: {
      deliveries: deliveries.length,
      accepted,
      errors,
      errorSamples,
      acceptedPerSecond: accepted / sendSeconds,
      applied: watcher.seen.size,
      appliedPerSecond: watcher.seen.size / appliedSeconds,
      lost: accepted - watcher.seen.size,
    },
  };
}

const ms = (value) => `${value.toFixed(1)} ms`;

export function githubWebhooksMarkdown({ latency, throughput: t }) {
  const lines = [];
  lines.push("## Inbound GitHub webhooks (issue 18)");
  lines.push("");
  lines.push(
    `Signed \`issues\` "opened" deliveries posted to \`POST /api/webhooks/github\` as GitHub posts them, for a project synced to a repository ` +
      `of the fake GitHub. The answer comes once the delivery is recorded and queued; the queue job creates the issue as the integration's bot ` +
      `and publishes it to the board. ${LATENCY_SAMPLES} deliveries one at a time after ${LATENCY_WARMUP} unmeasured, ` +
      `${LATENCY_SOCKETS} \`ws\` sockets on the board.`,
  );
  lines.push("");
  lines.push("| measure | p50 | p99 | max |");
  lines.push("| --- | --- | --- | --- |");
  const row = (name, s) => `| ${name} | ${ms(s.p50)} | ${ms(s.p99)} | ${ms(s.max)} |`;
  lines.push(row(`webhook sent -> last of ${LATENCY_SOCKETS} sockets holds the issue`, latency.toLastSocket));
  lines.push(row("webhook sent -> answered (200, queued)", latency.answered));
  lines.push("");
  lines.push(`Per delivery, end to end (webhook route, queue job, fan-out to ${LATENCY_SOCKETS} sockets; workerd process, idle baseline off): **${cpu(latency)}**.`);
  lines.push("");
  lines.push(
    `Throughput: ${t.deliveries} deliveries from ${THROUGHPUT_SENDERS} concurrent senders: **${t.acceptedPerSecond.toFixed(0)} webhooks accepted/s** ` +
      `(${t.accepted} answered 200, ${t.errors} errors); all applied at ${t.appliedPerSecond.toFixed(0)} issues/s end to end; ` +
      `**${t.lost} lost** (accepted deliveries whose issue never reached the board).`,
  );
  lines.push(
    "Locally the queue consumer runs in the same workerd isolate as the webhook route, so intake shares one thread (and local D1) " +
      "with the job creating the issues; on Cloudflare the consumer runs in its own invocations.",
  );
  if (t.errorSamples.length) lines.push(`Errors seen: ${t.errorSamples.join("; ")}`);
  return lines.join("\n");
}
