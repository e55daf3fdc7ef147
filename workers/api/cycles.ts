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
import { body } from "./hono-env";
import { issueListed, listed, pageOf } from "./list-pages";
import { inProject, projectRouter } from "./project-router";

export const cyclesRoutes = projectRouter();

cyclesRoutes.get("/cycles", async (c) => listed(c, await listCycles(...inProject(c), c.req.query(), pageOf(c))));
cyclesRoutes.post("/cycles", async (c) => c.json(await createCycle(...inProject(c), await body(c)), 201));
cyclesRoutes.post("/cycles/date-check", async (c) => c.json(await checkCycleDates(...inProject(c), await body(c))));

cyclesRoutes.get("/cycles/:cycleId", async (c) => c.json(await getCycle(...inProject(c), c.req.param("cycleId"))));
cyclesRoutes.patch("/cycles/:cycleId", async (c) =>
  c.json(await updateCycle(...inProject(c), c.req.param("cycleId"), await body(c))),
);
cyclesRoutes.put("/cycles/:cycleId", async (c) =>
  c.json(await updateCycle(...inProject(c), c.req.param("cycleId"), await body(c), { replace: true })),
);
cyclesRoutes.delete("/cycles/:cycleId", async (c) => {
  await deleteCycle(...inProject(c), c.req.param("cycleId"));
  return c.body(null, 204);
});

cyclesRoutes.get("/cycles/:cycleId/cycle-issues", (c) =>
  issueListed(c, (query) => listCycleIssues(...inProject(c), c.req.param("cycleId"), query)),
);
cyclesRoutes.post("/cycles/:cycleId/cycle-issues", async (c) =>
  c.json(await addCycleIssues(...inProject(c), c.req.param("cycleId"), await body(c))),
);
cyclesRoutes.delete("/cycles/:cycleId/cycle-issues/:bridgeId", async (c) => {
  await removeCycleIssue(...inProject(c), c.req.param("cycleId"), c.req.param("bridgeId"));
  return c.body(null, 204);
});
cyclesRoutes.post("/cycles/:cycleId/transfer-issues", async (c) =>
  c.json(await transferCycleIssues(...inProject(c), c.req.param("cycleId"), await body(c))),
);

cyclesRoutes.post("/user-favorite-cycles", async (c) => c.json(await addFavoriteCycle(...inProject(c), await body(c)), 201));
cyclesRoutes.delete("/user-favorite-cycles/:cycleId", async (c) => {
  await removeFavoriteCycle(...inProject(c), c.req.param("cycleId"));
  return c.body(null, 204);
});
