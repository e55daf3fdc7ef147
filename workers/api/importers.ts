// Imports: the workspace's import records (Previous Imports), deleting or resuming one, and
// starting a CSV import.
import { Hono } from "hono";
import { startCsvImport } from "../domain/csv-importer";
import { deleteImporter, listImporters, resumeImporter } from "../domain/importers";
import { CSV_MAX_LENGTH } from "../domain/schemas/csv-importer";
import { type ApiEnv, actorOf, largeBody } from "./hono-env";

export const importerRoutes = new Hono<ApiEnv>({ strict: false });

importerRoutes.get("/:slug/importers", async (c) => c.json(await listImporters(actorOf(c), c.req.param("slug"))));
importerRoutes.delete("/:slug/importers/:service/:importerId", async (c) => {
  await deleteImporter(actorOf(c), c.req.param("slug"), c.req.param("service"), c.req.param("importerId"));
  return c.body(null, 204);
});

importerRoutes.post("/:slug/importers/:service/:importerId/resume", async (c) =>
  c.json(await resumeImporter(actorOf(c), c.req.param("slug"), c.req.param("service"), c.req.param("importerId"))),
);
importerRoutes.post("/:slug/projects/importers/csv", async (c) =>
  c.json(await startCsvImport(actorOf(c), c.req.param("slug"), await largeBody(c, CSV_MAX_LENGTH + 64 * 1024)), 201),
);
