import { createIssueComment, deleteIssueComment, listIssueComments, updateIssueComment } from "../domain/issue-comments";
import { body } from "./hono-env";
import { listed, pageOf } from "./list-pages";
import { inProject, optionalParam, projectRouter } from "./project-router";

export const issueCommentsRoutes = projectRouter();

issueCommentsRoutes.get("/issues/:issueId/comments", async (c) =>
  listed(c, await listIssueComments(...inProject(c), c.req.param("issueId"), pageOf(c))),
);
issueCommentsRoutes.post("/issues/:issueId/comments", async (c) =>
  c.json(await createIssueComment(...inProject(c), c.req.param("issueId"), await body(c)), 201),
);

// A comment is reached by its id alone or under its issue; under an issue it must belong to it.
for (const path of ["/issues/:issueId/comments/:commentId", "/comments/:commentId"] as const) {
  issueCommentsRoutes.on(["PUT", "PATCH"], path, async (c) =>
    c.json(await updateIssueComment(...inProject(c), c.req.param("commentId"), await body(c), optionalParam(c, "issueId"))),
  );
  issueCommentsRoutes.delete(path, async (c) => {
    await deleteIssueComment(...inProject(c), c.req.param("commentId"), optionalParam(c, "issueId"));
    return c.body(null, 204);
  });
}
