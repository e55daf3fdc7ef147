import { Hono } from "hono";
import { listed, pageOf } from "./list-pages";
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
import { inProject, projectRouter } from "./project-router";

/** Mounted at /api/workspaces: every path here starts with /:slug. */
export const projectRoutes = new Hono<ApiEnv>({ strict: false });
/** The same router below /:slug/projects/:projectId. */
const oneProject = projectRouter(projectRoutes);

projectRoutes.get("/:slug/projects", async (c) => listed(c, await listProjects(actorOf(c), c.req.param("slug"), pageOf(c))));
projectRoutes.post("/:slug/projects", async (c) => c.json(await createProject(actorOf(c), c.req.param("slug"), await body(c)), 201));
projectRoutes.post("/:slug/projects/join", async (c) => c.json(await joinProjects(actorOf(c), c.req.param("slug"), await body(c))));

oneProject.get("/", async (c) => c.json(await getProject(...inProject(c))));
oneProject.patch("/", async (c) => c.json(await updateProject(...inProject(c), await body(c))));
oneProject.delete("/", async (c) => {
  await deleteProject(...inProject(c));
  return c.body(null, 204);
});

oneProject.get("/members", async (c) => listed(c, await listProjectMembers(...inProject(c), pageOf(c))));
oneProject.post("/members/add", async (c) => c.json(await addProjectMembers(...inProject(c), await body(c)), 201));
oneProject.patch("/members/:memberId", async (c) =>
  c.json(await updateProjectMember(...inProject(c), c.req.param("memberId"), await body(c))),
);
oneProject.delete("/members/:memberId", async (c) => {
  await removeProjectMember(...inProject(c), c.req.param("memberId"));
  return c.body(null, 204);
});
oneProject.get("/project-members/me", async (c) => c.json(await myProjectMembership(...inProject(c))));

projectRoutes.get("/:slug/user-favorite-projects", async (c) => listed(c, await listFavoriteProjects(actorOf(c), c.req.param("slug"), pageOf(c))));
projectRoutes.post("/:slug/user-favorite-projects", async (c) =>
  c.json(await addFavoriteProject(actorOf(c), c.req.param("slug"), await body(c)), 201),
);
projectRoutes.delete("/:slug/user-favorite-projects/:projectId", async (c) => {
  await removeFavoriteProject(actorOf(c), c.req.param("slug"), c.req.param("projectId"));
  return c.body(null, 204);
});
