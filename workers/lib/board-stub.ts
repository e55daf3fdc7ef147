// The one way to reach a project's live board: its ProjectBoard Durable Object, named by the
// project id. The board socket route, the post-commit flush and the queue consumer all use it.
import type { AppEnv } from "../env";

/** The stub of the project's ProjectBoard. */
export function boardOf(env: AppEnv, projectId: string) {
  return env.PROJECT_BOARD.get(env.PROJECT_BOARD.idFromName(projectId));
}
