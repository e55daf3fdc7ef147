// `node --experimental-websocket bench/profile.mjs <path> [requests]`: a CPU profile of the app's
// isolate while it answers `requests` GETs of `path` (default 40), signed in as the bench's owner,
// on the database the last `npm run bench` left in bench/.tmp/state. `{slug}` in the path is the
// bench workspace. Writes bench/.tmp/profile.cpuprofile (open it in Chrome's DevTools, Performance)
// and prints the functions with the most self time. The inspector slows every call, so read the
// profile for where the time goes, and the bench for how much there is (ADR 053).
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "../scripts/lib/run.mjs";
import { BENCH_EMAIL, BENCH_PASSWORD } from "./lib/dataset.mjs";
import { startLocalServerD1Apart } from "./lib/d1-apart.mjs";

const INSPECTOR_PORT = 9333;
const [pagePath = "/{slug}/settings", count = "40"] = process.argv.slice(2);
const persistDir = path.join(ROOT, "bench", ".tmp", "state");
if (!existsSync(persistDir)) throw new Error(`no bench database in ${persistDir}: run npm run bench first`);
if (typeof WebSocket === "undefined") throw new Error("run with node --experimental-websocket (Node 20 has no WebSocket otherwise)");

/** A devtools protocol session on the app's isolate. */
async function inspect() {
  const targets = await (await fetch(`http://127.0.0.1:${INSPECTOR_PORT}/json`)).json();
  const target = targets.find((candidate) => /core:user/.test(candidate.title));
  if (!target) throw new Error(`no app isolate among ${targets.map((t) => t.title).join(", ")}`);
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve) => socket.addEventListener("open", resolve));
  let id = 0;
  const pending = new Map();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  });
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      pending.set(++id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => socket.close() };
}

/** Self time per function, in ms per request, largest first. */
function selfTimes(profile, requests) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  profile.samples.forEach((sample, i) => {
    const frame = nodes.get(sample).callFrame;
    if (frame.functionName === "(idle)") return;
    const key = `${frame.functionName || "(anonymous)"} ${frame.url.split("/").pop()}:${frame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return [...self].sort((a, b) => b[1] - a[1]).map(([name, us]) => [name, us / 1000 / requests]);
}

// D1 in its own workerd, as in the screens suite: the profile is the app's isolate alone.
const server = await startLocalServerD1Apart({ persistDir, vars: { APP_ENV: "development" }, inspectorPort: INSPECTOR_PORT });
try {
  const url = server.url;
  const signIn = await fetch(`${url}/api/auth/sign-in/`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`sign-in: HTTP ${signIn.status}`);
  const headers = { cookie: (signIn.headers.get("set-cookie") ?? "").split(";")[0], accept: "text/html", "accept-encoding": "identity" };
  const target = `${url}${pagePath.replace("{slug}", "bench")}`;
  const get = async () => {
    const response = await fetch(target, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${pagePath}: HTTP ${response.status}`);
  };
  for (let i = 0; i < 10; i++) await get();
  const inspector = await inspect();
  await inspector.send("Profiler.enable");
  await inspector.send("Profiler.setSamplingInterval", { interval: 100 });
  await inspector.send("Profiler.start");
  const requests = Number(count);
  for (let i = 0; i < requests; i++) await get();
  const { profile } = await inspector.send("Profiler.stop");
  inspector.close();
  mkdirSync(path.join(ROOT, "bench", ".tmp"), { recursive: true });
  const file = path.join(ROOT, "bench", ".tmp", "profile.cpuprofile");
  writeFileSync(file, JSON.stringify(profile));
  for (const [name, ms] of selfTimes(profile, requests).slice(0, 25)) console.log(`${ms.toFixed(2).padStart(7)} ms  ${name}`);
  console.log(`\nwritten to ${path.relative(ROOT, file)} (self time per request, inspector attached)`);
} finally {
  await server.stop();
}
