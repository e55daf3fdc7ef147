// Server-side calls for project pages and the workspace's project actions.
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  addFavoriteProject,
  createProject,
  deleteProject,
  joinProjects,
  projectShellOf,
  removeFavoriteProject,
} from "../../workers/domain/projects";
import { requireActor } from "./auth.server";
import { loadOrThrow } from "./errors.server";

export { addFavoriteProject, createProject, deleteProject, joinProjects, removeFavoriteProject };

/** The project shell: the project as the signed-in member sees it, and the board clock its socket starts from. */
export async function loadProjectShell(request: Request, context: AppLoadContext, slug: string, projectId: string) {
  const ctx = await requireActor(request, context);
  return loadOrThrow(request, () => projectShellOf(ctx, slug, projectId));
}
