import { Hono } from "hono";
import {
  addFavoriteProject,
  addProjectMembers,
  createProject,
  deleteProject,
  getProject,
  joinProjects,
  listFavoriteProjects,
  listProjectMembers,
  listProjects,
  myProjectMembership,
  removeFavoriteProject,
  removeProjectMember,
  updateProject,
  updateProjectMember,
} from "../domain/projects";
import { type ApiEnv, actorOf, body } from "./hono-env";

/** Mounted at /api/workspaces: every path here starts with /:slug. */
export const projectRoutes = new Hono<ApiEnv>({ strict: false });

const slug = (c: { req: { param(name: "slug"): string } }) => c.req.param("slug");

projectRoutes.get("/:slug/projects", async (c) => c.json(await listProjects(actorOf(c), slug(c))));
projectRoutes.post("/:slug/projects", async (c) => c.json(await createProject(actorOf(c), slug(c), await body(c)), 201));
projectRoutes.post("/:slug/projects/join", async (c) => c.json(await joinProjects(actorOf(c), slug(c), await body(c))));

projectRoutes.get("/:slug/projects/:projectId", async (c) =>
  c.json(await getProject(actorOf(c), slug(c), c.req.param("projectId"))),
);
projectRoutes.patch("/:slug/projects/:projectId", async (c) =>
  c.json(await updateProject(actorOf(c), slug(c), c.req.param("projectId"), await body(c))),
);
projectRoutes.delete("/:slug/projects/:projectId", async (c) => {
  await deleteProject(actorOf(c), slug(c), c.req.param("projectId"));
  return c.body(null, 204);
});

projectRoutes.get("/:slug/projects/:projectId/members", async (c) =>
  c.json(await listProjectMembers(actorOf(c), slug(c), c.req.param("projectId"))),
);
projectRoutes.post("/:slug/projects/:projectId/members/add", async (c) =>
  c.json(await addProjectMembers(actorOf(c), slug(c), c.req.param("projectId"), await body(c)), 201),
);
projectRoutes.patch("/:slug/projects/:projectId/members/:memberId", async (c) =>
  c.json(await updateProjectMember(actorOf(c), slug(c), c.req.param("projectId"), c.req.param("memberId"), await body(c))),
);
projectRoutes.delete("/:slug/projects/:projectId/members/:memberId", async (c) => {
  await removeProjectMember(actorOf(c), slug(c), c.req.param("projectId"), c.req.param("memberId"));
  return c.body(null, 204);
});
projectRoutes.get("/:slug/projects/:projectId/project-members/me", async (c) =>
  c.json(await myProjectMembership(actorOf(c), slug(c), c.req.param("projectId"))),
);

projectRoutes.get("/:slug/user-favorite-projects", async (c) => c.json(await listFavoriteProjects(actorOf(c), slug(c))));
projectRoutes.post("/:slug/user-favorite-projects", async (c) =>
  c.json(await addFavoriteProject(actorOf(c), slug(c), await body(c)), 201),
);
projectRoutes.delete("/:slug/user-favorite-projects/:projectId", async (c) => {
  await removeFavoriteProject(actorOf(c), slug(c), c.req.param("projectId"));
  return c.body(null, 204);
});
