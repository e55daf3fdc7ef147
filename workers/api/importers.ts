// Previous Imports: the workspace's import records, and deleting one.
import { Hono } from "hono";
import { deleteImporter, listImporters } from "../domain/importers";
import { type ApiEnv, actorOf } from "./hono-env";

export const importerRoutes = new Hono<ApiEnv>({ strict: false });

importerRoutes.get("/:slug/importers", async (c) => c.json(await listImporters(actorOf(c), c.req.param("slug"))));
importerRoutes.delete("/:slug/importers/:service/:importerId", async (c) => {
  await deleteImporter(actorOf(c), c.req.param("slug"), c.req.param("service"), c.req.param("importerId"));
  return c.body(null, 204);
});
