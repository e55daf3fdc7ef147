// Project exports: start one, list them, download the file.
import { listed, pageOf } from "./list-pages";
import { Hono } from "hono";
import { type ApiEnv, actorOf, body } from "./hono-env";

// Few requests use exports: they load (with their schemas) at the first request of these
// routes, not when the API starts.
const projectExports = () => import("../domain/project-exports");

export const projectExportRoutes = new Hono<ApiEnv>({ strict: false });

projectExportRoutes.post("/:slug/projects/:projectId/exports", async (c) =>
  c.json(await (await projectExports()).startProjectExport(actorOf(c), c.req.param("slug"), c.req.param("projectId"), await body(c)), 201),
);
projectExportRoutes.get("/:slug/exports", async (c) => listed(c, await (await projectExports()).listProjectExports(actorOf(c), c.req.param("slug"), pageOf(c))));
projectExportRoutes.get("/:slug/exports/:exportId/download", async (c) => {
  const file = await (await projectExports()).downloadProjectExport(actorOf(c), c.req.param("slug"), c.req.param("exportId"));
  return new Response(file.body, {
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.size),
      "content-disposition": `attachment; filename="${file.fileName}"`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
});
