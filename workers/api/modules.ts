import { Hono } from "hono";
import {
  addFavoriteModule,
  addModuleIssues,
  createModule,
  createModuleLink,
  deleteModule,
  deleteModuleLink,
  getModule,
  listModuleIssues,
  listModules,
  removeFavoriteModule,
  removeModuleIssue,
  updateModule,
} from "../domain/modules";
import { type ApiContext, type ApiEnv, actorOf, body } from "./hono-env";

/** Mounted at /api/workspaces: paths start with /:slug/projects/:projectId. */
export const modulesRoutes = new Hono<ApiEnv>({ strict: false });

const P = "/:slug/projects/:projectId";
const ids = (c: ApiContext) => [c.req.param("slug") as string, c.req.param("projectId") as string] as const;
const moduleId = (c: ApiContext) => c.req.param("moduleId") as string;

modulesRoutes.get(`${P}/modules`, async (c) => c.json(await listModules(actorOf(c), ...ids(c))));
modulesRoutes.post(`${P}/modules`, async (c) => c.json(await createModule(actorOf(c), ...ids(c), await body(c)), 201));

modulesRoutes.get(`${P}/modules/:moduleId`, async (c) => c.json(await getModule(actorOf(c), ...ids(c), moduleId(c))));
modulesRoutes.patch(`${P}/modules/:moduleId`, async (c) => c.json(await updateModule(actorOf(c), ...ids(c), moduleId(c), await body(c))));
modulesRoutes.put(`${P}/modules/:moduleId`, async (c) =>
  c.json(await updateModule(actorOf(c), ...ids(c), moduleId(c), await body(c), { replace: true })),
);
modulesRoutes.delete(`${P}/modules/:moduleId`, async (c) => {
  await deleteModule(actorOf(c), ...ids(c), moduleId(c));
  return c.body(null, 204);
});

modulesRoutes.get(`${P}/modules/:moduleId/module-issues`, async (c) =>
  c.json(await listModuleIssues(actorOf(c), ...ids(c), moduleId(c), c.req.query())),
);
modulesRoutes.post(`${P}/modules/:moduleId/module-issues`, async (c) =>
  c.json(await addModuleIssues(actorOf(c), ...ids(c), moduleId(c), await body(c))),
);
modulesRoutes.delete(`${P}/modules/:moduleId/module-issues/:bridgeId`, async (c) => {
  await removeModuleIssue(actorOf(c), ...ids(c), moduleId(c), c.req.param("bridgeId") as string);
  return c.body(null, 204);
});

modulesRoutes.post(`${P}/modules/:moduleId/module-links`, async (c) =>
  c.json(await createModuleLink(actorOf(c), ...ids(c), moduleId(c), await body(c)), 201),
);
modulesRoutes.delete(`${P}/modules/:moduleId/module-links/:linkId`, async (c) => {
  await deleteModuleLink(actorOf(c), ...ids(c), c.req.param("linkId") as string, moduleId(c));
  return c.body(null, 204);
});
modulesRoutes.delete(`${P}/module-links/:linkId`, async (c) => {
  await deleteModuleLink(actorOf(c), ...ids(c), c.req.param("linkId") as string);
  return c.body(null, 204);
});

modulesRoutes.post(`${P}/user-favorite-modules`, async (c) => c.json(await addFavoriteModule(actorOf(c), ...ids(c), await body(c)), 201));
modulesRoutes.delete(`${P}/user-favorite-modules/:moduleId`, async (c) => {
  await removeFavoriteModule(actorOf(c), ...ids(c), moduleId(c));
  return c.body(null, 204);
});
