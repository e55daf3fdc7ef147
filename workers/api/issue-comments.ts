import { Hono } from "hono";
import { createIssueComment, deleteIssueComment, listIssueComments, updateIssueComment } from "../domain/issue-comments";
import { type ApiContext, type ApiEnv, actorOf, body } from "./hono-env";

/** Mounted at /api/workspaces: paths start with /:slug. */
export const issueCommentsRoutes = new Hono<ApiEnv>({ strict: false });

const P = "/:slug/projects/:projectId";
const ids = (c: ApiContext) => [c.req.param("slug") as string, c.req.param("projectId") as string] as const;
const commentId = (c: ApiContext) => c.req.param("commentId") as string;

issueCommentsRoutes.get(`${P}/issues/:issueId/comments`, async (c) =>
  c.json(await listIssueComments(actorOf(c), ...ids(c), c.req.param("issueId") as string)),
);
issueCommentsRoutes.post(`${P}/issues/:issueId/comments`, async (c) =>
  c.json(await createIssueComment(actorOf(c), ...ids(c), c.req.param("issueId") as string, await body(c)), 201),
);

for (const path of [`${P}/issues/:issueId/comments/:commentId`, `${P}/comments/:commentId`]) {
  issueCommentsRoutes.on(["PUT", "PATCH"], path, async (c) =>
    c.json(await updateIssueComment(actorOf(c), ...ids(c), commentId(c), await body(c), c.req.param("issueId"))),
  );
  issueCommentsRoutes.delete(path, async (c) => {
    await deleteIssueComment(actorOf(c), ...ids(c), commentId(c), c.req.param("issueId"));
    return c.body(null, 204);
  });
}
