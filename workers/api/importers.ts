// Imports: the workspace's import records (Previous Imports), deleting or resuming one, and
// starting a CSV import.
import { Hono } from "hono";
import { listed, pageOf } from "./list-pages";
import { type ApiEnv, actorOf, largeBody } from "./hono-env";

// Few requests touch imports: the import records and the CSV importer load (with their schemas) at
// the first request of these routes, not when the API starts.
const importers = () => import("../domain/importers");
const csvImporter = () => Promise.all([import("../domain/csv-importer"), import("../domain/schemas/csv-importer")]);

export const importerRoutes = new Hono<ApiEnv>({ strict: false });

importerRoutes.get("/:slug/importers", async (c) => listed(c, await (await importers()).listImporters(actorOf(c), c.req.param("slug"), pageOf(c))));
importerRoutes.delete("/:slug/importers/:service/:importerId", async (c) => {
  await (await importers()).deleteImporter(actorOf(c), c.req.param("slug"), c.req.param("service"), c.req.param("importerId"));
  return c.body(null, 204);
});

importerRoutes.post("/:slug/importers/:service/:importerId/resume", async (c) =>
  c.json(await (await importers()).resumeImporter(actorOf(c), c.req.param("slug"), c.req.param("service"), c.req.param("importerId"))),
);
importerRoutes.post("/:slug/projects/importers/csv", async (c) => {
  const [{ startCsvImport }, { CSV_MAX_LENGTH }] = await csvImporter();
  return c.json(await startCsvImport(actorOf(c), c.req.param("slug"), await largeBody(c, CSV_MAX_LENGTH + 64 * 1024)), 201);
});
