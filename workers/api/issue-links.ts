import { Hono } from "hono";
import { createIssueLink, deleteIssueLink, getIssueLink, listIssueLinks, updateIssueLink } from "../domain/issue-links";
import { type ApiContext, type ApiEnv, actorOf, body } from "./hono-env";

/** Mounted at /api/workspaces: paths start with /:slug. */
export const issueLinksRoutes = new Hono<ApiEnv>({ strict: false });

const P = "/:slug/projects/:projectId";
const ids = (c: ApiContext) => [c.req.param("slug") as string, c.req.param("projectId") as string] as const;
const linkId = (c: ApiContext) => c.req.param("linkId") as string;
/** Present on issues/{issueId}/issue-links/{linkId}/, absent on the short issue-links/{linkId}/. */
const issueId = (c: ApiContext) => c.req.param("issueId");

issueLinksRoutes.get(`${P}/issues/:issueId/issue-links`, async (c) =>
  c.json(await listIssueLinks(actorOf(c), ...ids(c), issueId(c) as string)),
);
issueLinksRoutes.post(`${P}/issues/:issueId/issue-links`, async (c) =>
  c.json(await createIssueLink(actorOf(c), ...ids(c), issueId(c) as string, await body(c)), 201),
);

for (const path of [`${P}/issues/:issueId/issue-links/:linkId`, `${P}/issue-links/:linkId`]) {
  issueLinksRoutes.get(path, async (c) => c.json(await getIssueLink(actorOf(c), ...ids(c), linkId(c), issueId(c))));
  issueLinksRoutes.on(["PUT", "PATCH"], path, async (c) =>
    c.json(await updateIssueLink(actorOf(c), ...ids(c), linkId(c), await body(c), issueId(c))),
  );
  issueLinksRoutes.delete(path, async (c) => {
    await deleteIssueLink(actorOf(c), ...ids(c), linkId(c), issueId(c));
    return c.body(null, 204);
  });
}
