import { listed, pageOf } from "./list-pages";
import { createIssueLink, deleteIssueLink, getIssueLink, listIssueLinks, updateIssueLink } from "../domain/issue-links";
import { body } from "./hono-env";
import { inProject, optionalParam, projectRouter } from "./project-router";

export const issueLinksRoutes = projectRouter();

issueLinksRoutes.get("/issues/:issueId/issue-links", async (c) => listed(c, await listIssueLinks(...inProject(c), c.req.param("issueId"), pageOf(c))));
issueLinksRoutes.post("/issues/:issueId/issue-links", async (c) =>
  c.json(await createIssueLink(...inProject(c), c.req.param("issueId"), await body(c)), 201),
);

// A link is reached by its id alone or under its issue; under an issue it must belong to it.
for (const path of ["/issues/:issueId/issue-links/:linkId", "/issue-links/:linkId"] as const) {
  issueLinksRoutes.get(path, async (c) => c.json(await getIssueLink(...inProject(c), c.req.param("linkId"), optionalParam(c, "issueId"))));
  issueLinksRoutes.on(["PUT", "PATCH"], path, async (c) =>
    c.json(await updateIssueLink(...inProject(c), c.req.param("linkId"), await body(c), optionalParam(c, "issueId"))),
  );
  issueLinksRoutes.delete(path, async (c) => {
    await deleteIssueLink(...inProject(c), c.req.param("linkId"), optionalParam(c, "issueId"));
    return c.body(null, 204);
  });
}
