import { Hono } from "hono";
import {
  addCycleIssues,
  addFavoriteCycle,
  checkCycleDates,
  createCycle,
  deleteCycle,
  getCycle,
  listCycleIssues,
  listCycles,
  removeCycleIssue,
  removeFavoriteCycle,
  transferCycleIssues,
  updateCycle,
} from "../domain/cycles";
import { type ApiContext, type ApiEnv, actorOf, body } from "./hono-env";

/** Mounted at /api/workspaces: paths start with /:slug/projects/:projectId. */
export const cyclesRoutes = new Hono<ApiEnv>({ strict: false });

const P = "/:slug/projects/:projectId";
const ids = (c: ApiContext) => [c.req.param("slug") as string, c.req.param("projectId") as string] as const;
const cycleId = (c: ApiContext) => c.req.param("cycleId") as string;

cyclesRoutes.get(`${P}/cycles`, async (c) => c.json(await listCycles(actorOf(c), ...ids(c), c.req.query())));
cyclesRoutes.post(`${P}/cycles`, async (c) => c.json(await createCycle(actorOf(c), ...ids(c), await body(c)), 201));
cyclesRoutes.post(`${P}/cycles/date-check`, async (c) => c.json(await checkCycleDates(actorOf(c), ...ids(c), await body(c))));

cyclesRoutes.get(`${P}/cycles/:cycleId`, async (c) => c.json(await getCycle(actorOf(c), ...ids(c), cycleId(c))));
cyclesRoutes.patch(`${P}/cycles/:cycleId`, async (c) => c.json(await updateCycle(actorOf(c), ...ids(c), cycleId(c), await body(c))));
cyclesRoutes.put(`${P}/cycles/:cycleId`, async (c) =>
  c.json(await updateCycle(actorOf(c), ...ids(c), cycleId(c), await body(c), { replace: true })),
);
cyclesRoutes.delete(`${P}/cycles/:cycleId`, async (c) => {
  await deleteCycle(actorOf(c), ...ids(c), cycleId(c));
  return c.body(null, 204);
});

cyclesRoutes.get(`${P}/cycles/:cycleId/cycle-issues`, async (c) =>
  c.json(await listCycleIssues(actorOf(c), ...ids(c), cycleId(c), c.req.query())),
);
cyclesRoutes.post(`${P}/cycles/:cycleId/cycle-issues`, async (c) =>
  c.json(await addCycleIssues(actorOf(c), ...ids(c), cycleId(c), await body(c))),
);
cyclesRoutes.delete(`${P}/cycles/:cycleId/cycle-issues/:bridgeId`, async (c) => {
  await removeCycleIssue(actorOf(c), ...ids(c), cycleId(c), c.req.param("bridgeId") as string);
  return c.body(null, 204);
});
cyclesRoutes.post(`${P}/cycles/:cycleId/transfer-issues`, async (c) =>
  c.json(await transferCycleIssues(actorOf(c), ...ids(c), cycleId(c), await body(c))),
);

cyclesRoutes.post(`${P}/user-favorite-cycles`, async (c) => c.json(await addFavoriteCycle(actorOf(c), ...ids(c), await body(c)), 201));
cyclesRoutes.delete(`${P}/user-favorite-cycles/:cycleId`, async (c) => {
  await removeFavoriteCycle(actorOf(c), ...ids(c), cycleId(c));
  return c.body(null, 204);
});
