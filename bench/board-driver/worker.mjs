// Bench-only Worker, run next to the app by `npm run bench` (wrangler dev with two configs).
// It calls the app's ProjectBoard Durable Object over RPC exactly as the post-commit flush does
// (workers/domain/post-commit.ts), without D1 in front: on this machine local D1 writes top out
// far below what one board can fan out, so this is how the board's own capacity is measured.
// Every other request is passed to the app unchanged (including WebSocket upgrades).
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname !== "/__bench/publish" || request.method !== "POST") return env.APP.fetch(request);
    const { projectId, count, concurrency, change } = await request.json();
    const board = env.PROJECT_BOARD.get(env.PROJECT_BOARD.idFromName(projectId));
    let next = 0;
    let lastClock = 0;
    const started = Date.now();
    // `concurrency` publishes in flight at once, as concurrent requests' flushes would be.
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count) {
          next++;
          lastClock = Math.max(lastClock, await board.publish([change]));
        }
      }),
    );
    return Response.json({ count, ms: Date.now() - started, lastClock });
  },
};
