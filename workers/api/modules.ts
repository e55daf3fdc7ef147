import { issueListed, listed, pageOf } from "./list-pages";
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
import { body } from "./hono-env";
import { inProject, projectRouter } from "./project-router";

export const modulesRoutes = projectRouter();

modulesRoutes.get("/modules", async (c) => listed(c, await listModules(...inProject(c), pageOf(c))));
modulesRoutes.post("/modules", async (c) => c.json(await createModule(...inProject(c), await body(c)), 201));

modulesRoutes.get("/modules/:moduleId", async (c) => c.json(await getModule(...inProject(c), c.req.param("moduleId"))));
modulesRoutes.patch("/modules/:moduleId", async (c) =>
  c.json(await updateModule(...inProject(c), c.req.param("moduleId"), await body(c))),
);
modulesRoutes.put("/modules/:moduleId", async (c) =>
  c.json(await updateModule(...inProject(c), c.req.param("moduleId"), await body(c), { replace: true })),
);
modulesRoutes.delete("/modules/:moduleId", async (c) => {
  await deleteModule(...inProject(c), c.req.param("moduleId"));
  return c.body(null, 204);
});

modulesRoutes.get("/modules/:moduleId/module-issues", (c) =>
  issueListed(c, (query) => listModuleIssues(...inProject(c), c.req.param("moduleId"), query)),
);
modulesRoutes.post("/modules/:moduleId/module-issues", async (c) =>
  c.json(await addModuleIssues(...inProject(c), c.req.param("moduleId"), await body(c))),
);
modulesRoutes.delete("/modules/:moduleId/module-issues/:bridgeId", async (c) => {
  await removeModuleIssue(...inProject(c), c.req.param("moduleId"), c.req.param("bridgeId"));
  return c.body(null, 204);
});

modulesRoutes.post("/modules/:moduleId/module-links", async (c) =>
  c.json(await createModuleLink(...inProject(c), c.req.param("moduleId"), await body(c)), 201),
);
modulesRoutes.delete("/modules/:moduleId/module-links/:linkId", async (c) => {
  await deleteModuleLink(...inProject(c), c.req.param("linkId"), c.req.param("moduleId"));
  return c.body(null, 204);
});
modulesRoutes.delete("/module-links/:linkId", async (c) => {
  await deleteModuleLink(...inProject(c), c.req.param("linkId"));
  return c.body(null, 204);
});

modulesRoutes.post("/user-favorite-modules", async (c) => c.json(await addFavoriteModule(...inProject(c), await body(c)), 201));
modulesRoutes.delete("/user-favorite-modules/:moduleId", async (c) => {
  await removeFavoriteModule(...inProject(c), c.req.param("moduleId"));
  return c.body(null, 204);
});
