import { listed, pageOf } from "./list-pages";
import {
  convertPageBlockToIssue,
  createPageBlock,
  deletePageBlock,
  getPageBlock,
  listPageBlocks,
  updatePageBlock,
} from "../domain/page-blocks";
import { addFavoritePage, createPage, deletePage, getPage, listPages, removeFavoritePage, updatePage } from "../domain/pages";
import { body } from "./hono-env";
import { inProject, optionalParam, projectRouter } from "./project-router";

export const pagesRoutes = projectRouter();

pagesRoutes.get("/pages", async (c) => listed(c, await listPages(...inProject(c), c.req.query(), pageOf(c))));
pagesRoutes.post("/pages", async (c) => c.json(await createPage(...inProject(c), await body(c)), 201));

pagesRoutes.get("/pages/:pageId", async (c) => c.json(await getPage(...inProject(c), c.req.param("pageId"))));
pagesRoutes.patch("/pages/:pageId", async (c) => c.json(await updatePage(...inProject(c), c.req.param("pageId"), await body(c))));
pagesRoutes.delete("/pages/:pageId", async (c) => {
  await deletePage(...inProject(c), c.req.param("pageId"));
  return c.body(null, 204);
});

pagesRoutes.get("/pages/:pageId/page-blocks", async (c) => listed(c, await listPageBlocks(...inProject(c), c.req.param("pageId"), pageOf(c))));
pagesRoutes.post("/pages/:pageId/page-blocks", async (c) =>
  c.json(await createPageBlock(...inProject(c), c.req.param("pageId"), await body(c)), 201),
);

// A block is reached by its id alone or under its page; under a page it must belong to that page.
for (const path of ["/page-blocks/:blockId", "/pages/:pageId/page-blocks/:blockId"] as const) {
  pagesRoutes.get(path, async (c) =>
    c.json(await getPageBlock(...inProject(c), c.req.param("blockId"), optionalParam(c, "pageId"))),
  );
  pagesRoutes.patch(path, async (c) =>
    c.json(await updatePageBlock(...inProject(c), c.req.param("blockId"), await body(c), optionalParam(c, "pageId"))),
  );
  pagesRoutes.delete(path, async (c) => {
    await deletePageBlock(...inProject(c), c.req.param("blockId"), optionalParam(c, "pageId"));
    return c.body(null, 204);
  });
  pagesRoutes.post(`${path}/issues`, async (c) =>
    c.json(await convertPageBlockToIssue(...inProject(c), c.req.param("blockId"), optionalParam(c, "pageId")), 201),
  );
}

pagesRoutes.post("/user-favorite-pages", async (c) => c.json(await addFavoritePage(...inProject(c), await body(c)), 201));
pagesRoutes.delete("/user-favorite-pages/:pageId", async (c) => {
  await removeFavoritePage(...inProject(c), c.req.param("pageId"));
  return c.body(null, 204);
});
