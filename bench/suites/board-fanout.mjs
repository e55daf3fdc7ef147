// Live-board fan-out benchmark (issue 7): one writer, N sockets on the same project's board.
//
// Latency: the writer PATCHes an issue with a unique name; every socket watches for that name.
// For each write we take the time from the write's HTTP response to the moment the last of the N
// sockets has the change. The post-commit publish is awaited before the response is sent
// (ADR 005), so a socket can receive the change before the writer reads its response: such
// samples count as 0 ms, and the table also shows the time from sending the request.
//
// Throughput, two ways, with 50 sockets listening and every socket checked for one distinct clock
// per change (anything less was dropped):
// - through the app: W concurrent writers PATCH for a few seconds (bounded by local D1 writes);
// - the board itself: bench/board-driver (a second Worker in the same `wrangler dev` session)
//   calls the board's `publish` over RPC as the post-commit flush does, 8 calls in flight, and
//   the rate is changes / (first publish sent -> last socket holding every change).
// Sockets are `ws` clients in this Node process (Node 20 has no global WebSocket).
import { openBoardSocket, waitForMarker } from "../lib/board-socket.mjs";
import { cpuMeter } from "../lib/cpu.mjs";
import { ms, summarize } from "../lib/measure.mjs";

export const TARGETS = { p99At50: 20, p99At200: 70, changesPerSecond: 500 };

const CHANGES_PREFIX = '{"type":"changes","clock":';

/**
 * A board socket that also records every clock it receives: the clock and `since` are the first
 * fields after the type; parsing every message of 200 sockets would measure JSON.parse more than
 * the board. A message holds every batch after `since` up to `clock`.
 */
async function openSocket(wsUrl, cookie) {
  const board = await openBoardSocket(wsUrl, cookie, (text, socketBoard) => {
    if (!text.startsWith(CHANGES_PREFIX)) return;
    const clockEnd = text.indexOf(",", CHANGES_PREFIX.length);
    const clock = Number(text.slice(CHANGES_PREFIX.length, clockEnd));
    const sinceStart = clockEnd + ',"since":'.length;
    const since = Number(text.slice(sinceStart, text.indexOf(",", sinceStart)));
    socketBoard.clocks ??= [];
    for (let stamped = since + 1; stamped <= clock; stamped++) socketBoard.clocks.push(stamped);
  });
  board.clocks ??= [];
  return board;
}

const waitFor = waitForMarker;

async function openBoards(n, wsUrl, cookie) {
  const boards = [];
  // A few at a time: 200 simultaneous upgrades would measure the handshake storm instead.
  for (let i = 0; i < n; i += 25) {
    boards.push(...(await Promise.all(Array.from({ length: Math.min(25, n - i) }, () => openSocket(wsUrl, cookie)))));
  }
  return boards;
}

function closeBoards(boards) {
  for (const board of boards) board.socket.close(1000, "bench done");
}

async function patch(url, path, headers, body) {
  const response = await fetch(`${url}${path}`, { method: "PATCH", headers, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`PATCH ${path}: HTTP ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

async function measureLatency({ url, base, headers, boards, issueId, writes, warmup, tag }) {
  const fromResponse = [];
  const fromRequest = [];
  // CPU per write: the PATCH, its publish and the board's fan-out to every socket.
  const meter = await cpuMeter();
  for (let i = 0; i < warmup + writes; i++) {
    if (i === warmup) meter.start();
    const marker = `fanout-${tag}-${i}-`;
    const arrivals = Promise.all(boards.map((board) => waitFor(board, marker, 10_000)));
    const sent = performance.now();
    await patch(url, `${base}/issues/${issueId}/`, headers, { name: `${marker}x` });
    const answered = performance.now();
    const last = Math.max(...(await arrivals));
    if (i < warmup) continue;
    fromResponse.push(Math.max(0, last - answered));
    fromRequest.push(last - sent);
  }
  meter.stop();
  return { fromResponse: summarize(fromResponse), fromRequest: summarize(fromRequest), cpuMs: meter.perRequest(writes) };
}

async function measureThroughput({ url, base, headers, boards, issueIds, writers, durationMs }) {
  for (const board of boards) board.clocks.length = 0;
  const priorities = ["urgent", "high", "medium", "low", "none"];
  let ok = 0;
  let errors = 0;
  const errorSamples = [];
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      // Each writer patches its own issue: concurrent writes, no conflicts between them.
      const path = `${base}/issues/${issueIds[w % issueIds.length]}/`;
      for (let i = 0; performance.now() < deadline; i++) {
        try {
          await patch(url, path, headers, { priority: priorities[i % priorities.length], sort_order: i });
          ok++;
        } catch (error) {
          errors++;
          if (errorSamples.length < 3) errorSamples.push(String(error?.message ?? error));
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  // Let the last broadcasts land, then check every socket saw one unbroken run of clocks.
  await new Promise((resolve) => setTimeout(resolve, 500));
  // Every socket must hold one change per successful write: anything less was dropped.
  let dropped = 0;
  for (const board of boards) dropped += Math.max(0, ok - new Set(board.clocks).size);
  return { writes: ok, perSecond: ok / seconds, errors, errorSamples, dropped, sockets: boards.length };
}

async function measureBoardCapacity({ url, projectId, boards, change, count, concurrency }) {
  for (const board of boards) board.clocks.length = 0;
  const everyone = boards.map(
    (board) =>
      new Promise((resolve) => {
        const check = setInterval(() => {
          if (board.clocks.length >= count) {
            clearInterval(check);
            resolve();
          }
        }, 2);
        setTimeout(() => {
          clearInterval(check);
          resolve();
        }, 60_000);
      }),
  );
  const started = performance.now();
  const response = await fetch(`${url}/__bench/publish`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ projectId, count, concurrency, change }),
  });
  if (!response.ok) throw new Error(`driver: HTTP ${response.status} ${await response.text()}`);
  const driver = await response.json();
  await Promise.all(everyone);
  const seconds = (performance.now() - started) / 1000;
  let dropped = 0;
  for (const board of boards) dropped += Math.max(0, count - new Set(board.clocks).size);
  return { count, perSecond: count / seconds, publishPerSecond: count / (driver.ms / 1000), dropped, sockets: boards.length, concurrency };
}

export async function runBoardFanoutSuite({ url, cookie, workspaceSlug, project, log }) {
  const base = `/api/workspaces/${workspaceSlug}/projects/${project.id}`;
  const headers = { cookie, "content-type": "application/json", origin: url };
  const wsUrl = `${url.replace(/^http/, "ws")}${base}/board`;
  const list = await fetch(`${url}${base}/issues/?per_page=50`, { headers });
  if (!list.ok) throw new Error(`listing issues: HTTP ${list.status}`);
  const rows = (await list.json()).results;
  const issueIds = rows.map((issue) => issue.id);

  const latency = [];
  for (const n of [50, 200]) {
    log(`board fan-out: ${n} sockets`);
    const boards = await openBoards(n, wsUrl, cookie);
    try {
      latency.push({ n, ...(await measureLatency({ url, base, headers, boards, issueId: issueIds[0], writes: 200, warmup: 10, tag: n })) });
    } finally {
      closeBoards(boards);
    }
  }

  log("board fan-out: sustained writes with 50 sockets");
  const boards = await openBoards(50, wsUrl, cookie);
  let throughput;
  let capacity;
  try {
    throughput = await measureThroughput({ url, base, headers, boards, issueIds, writers: 16, durationMs: 5000 });
    log("board fan-out: board capacity (publish over RPC, no D1) with 50 sockets");
    // A real issue row, so messages are the size the views receive.
    const change = { kind: "issue", op: "upsert", id: rows[0].id, row: rows[0] };
    capacity = await measureBoardCapacity({ url, projectId: project.id, boards, change, count: 5000, concurrency: 8 });
  } finally {
    closeBoards(boards);
  }
  return { latency, throughput, capacity };
}

export function boardFanoutMarkdown({ latency, throughput, capacity }) {
  const lines = [];
  lines.push("## Live board fan-out (issue 7)");
  lines.push("");
  lines.push(
    "One writer PATCHes an issue over HTTP while N `ws` sockets in the same Node process are connected to the project's board " +
      "through `wrangler dev`. Per write: time from the write's response to the last socket receiving the change " +
      "(0 when every socket had it before the response was read; the publish is awaited before responding), and from sending the request. " +
      "200 writes after 10 unmeasured.",
  );
  lines.push("");
  lines.push("| sockets | response -> last socket, p50 / p99 | request sent -> last socket, p50 / p99 | CPU ms/write (PATCH and fan-out) | target (p99, from response) |");
  lines.push("| --- | --- | --- | --- | --- |");
  for (const row of latency) {
    const target = row.n === 50 ? TARGETS.p99At50 : row.n === 200 ? TARGETS.p99At200 : null;
    const verdict = target === null ? "" : `<= ${target} ms ${row.fromResponse.p99 <= target ? "(met)" : "(missed)"}`;
    lines.push(
      `| ${row.n} | ${ms(row.fromResponse.p50)} / ${ms(row.fromResponse.p99)} | ${ms(row.fromRequest.p50)} / ${ms(row.fromRequest.p99)} | ${ms(row.cpuMs)} | ${verdict} |`,
    );
  }
  lines.push("");
  const c = capacity;
  const met = c.perSecond >= TARGETS.changesPerSecond && c.dropped === 0;
  lines.push(
    `Board capacity: ${c.count} changes published to one board over RPC (${c.concurrency} in flight, as concurrent flushes), ` +
      `${c.sockets} sockets listening: **${c.perSecond.toFixed(0)} changes/s** delivered to every socket ` +
      `(${c.publishPerSecond.toFixed(0)}/s accepted by the board), **${c.dropped} dropped**. ` +
      `Target >= ${TARGETS.changesPerSecond}/s with 0 dropped: ${met ? "met" : "missed"}.`,
  );
  lines.push("");
  const t = throughput;
  lines.push(
    `Through the app: 16 concurrent writers PATCHing for 5 s with ${t.sockets} sockets listening: ${t.writes} writes ` +
      `(${t.perSecond.toFixed(0)}/s, bounded by local D1 writes on this machine, see the issue API table), ${t.errors} errors, ` +
      `**${t.dropped} dropped** (each socket must hold one distinct clock per successful write).`,
  );
  if (t.errorSamples.length) lines.push(`Errors seen: ${t.errorSamples.join("; ")}`);
  return lines.join("\n");
}
