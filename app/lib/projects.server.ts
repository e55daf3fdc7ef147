// Server-side calls for project pages and the workspace's project actions.
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  addFavoriteProject,
  createProject,
  deleteProject,
  getProject,
  joinProjects,
  removeFavoriteProject,
} from "../../workers/domain/projects";
import { requireActor } from "./auth.server";
import { loadOrThrow } from "./errors.server";

export { addFavoriteProject, createProject, deleteProject, joinProjects, removeFavoriteProject };

/** The project shell: the project as the signed-in member sees it. */
export async function loadProjectShell(request: Request, context: AppLoadContext, slug: string, projectId: string) {
  const ctx = await requireActor(request, context);
  return loadOrThrow(request, () => getProject(ctx, slug, projectId));
}
