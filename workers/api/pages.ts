import { Hono } from "hono";
import {
  convertPageBlockToIssue,
  createPageBlock,
  deletePageBlock,
  getPageBlock,
  listPageBlocks,
  updatePageBlock,
} from "../domain/page-blocks";
import { addFavoritePage, createPage, deletePage, getPage, listPages, removeFavoritePage, updatePage } from "../domain/pages";
import { type ApiContext, type ApiEnv, actorOf, body } from "./hono-env";

/** Mounted at /api/workspaces: paths start with /:slug/projects/:projectId. */
export const pagesRoutes = new Hono<ApiEnv>({ strict: false });

const P = "/:slug/projects/:projectId";
const ids = (c: ApiContext) => [c.req.param("slug") as string, c.req.param("projectId") as string] as const;
const pageId = (c: ApiContext) => c.req.param("pageId") as string;
const blockId = (c: ApiContext) => c.req.param("blockId") as string;
/** The page named by the nested path form, if any: the block must belong to it. */
const pageOfPath = (c: ApiContext) => c.req.param("pageId") as string | undefined;

pagesRoutes.get(`${P}/pages`, async (c) => c.json(await listPages(actorOf(c), ...ids(c), c.req.query())));
pagesRoutes.post(`${P}/pages`, async (c) => c.json(await createPage(actorOf(c), ...ids(c), await body(c)), 201));

pagesRoutes.get(`${P}/pages/:pageId`, async (c) => c.json(await getPage(actorOf(c), ...ids(c), pageId(c))));
pagesRoutes.patch(`${P}/pages/:pageId`, async (c) => c.json(await updatePage(actorOf(c), ...ids(c), pageId(c), await body(c))));
pagesRoutes.delete(`${P}/pages/:pageId`, async (c) => {
  await deletePage(actorOf(c), ...ids(c), pageId(c));
  return c.body(null, 204);
});

pagesRoutes.get(`${P}/pages/:pageId/page-blocks`, async (c) => c.json(await listPageBlocks(actorOf(c), ...ids(c), pageId(c))));
pagesRoutes.post(`${P}/pages/:pageId/page-blocks`, async (c) =>
  c.json(await createPageBlock(actorOf(c), ...ids(c), pageId(c), await body(c)), 201),
);

for (const path of [`${P}/page-blocks/:blockId`, `${P}/pages/:pageId/page-blocks/:blockId`]) {
  pagesRoutes.get(path, async (c) => c.json(await getPageBlock(actorOf(c), ...ids(c), blockId(c), pageOfPath(c))));
  pagesRoutes.patch(path, async (c) =>
    c.json(await updatePageBlock(actorOf(c), ...ids(c), blockId(c), await body(c), pageOfPath(c))),
  );
  pagesRoutes.delete(path, async (c) => {
    await deletePageBlock(actorOf(c), ...ids(c), blockId(c), pageOfPath(c));
    return c.body(null, 204);
  });
  pagesRoutes.post(`${path}/issues`, async (c) =>
    c.json(await convertPageBlockToIssue(actorOf(c), ...ids(c), blockId(c), pageOfPath(c)), 201),
  );
}

pagesRoutes.post(`${P}/user-favorite-pages`, async (c) => c.json(await addFavoritePage(actorOf(c), ...ids(c), await body(c)), 201));
pagesRoutes.delete(`${P}/user-favorite-pages/:pageId`, async (c) => {
  await removeFavoritePage(actorOf(c), ...ids(c), pageId(c));
  return c.body(null, 204);
});
