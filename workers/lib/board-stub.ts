// The one way to reach a live channel: a project's ProjectBoard Durable Object, named by the
// project id, and a workspace's WorkspaceHub, named by the workspace id. The socket routes, the
// post-commit flush and the queue consumer all use them.
import type { AppEnv } from "../env";

/** The stub of the project's ProjectBoard. */
export function boardOf(env: AppEnv, projectId: string) {
  return env.PROJECT_BOARD.get(env.PROJECT_BOARD.idFromName(projectId));
}

/** The stub of the workspace's WorkspaceHub. */
export function hubOf(env: AppEnv, workspaceId: string) {
  return env.WORKSPACE_HUB.get(env.WORKSPACE_HUB.idFromName(workspaceId));
}
