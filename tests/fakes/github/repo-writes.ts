// The fake GitHub's writes to a repository (creating and editing issues, commenting), answered as
// api.github.com answers them. Filled in by the repository-sync work.
import { json } from "../http";
import type { FakeRepo } from "./server";

export interface RepoWriteContext {
  repo: FakeRepo;
  /** The path after /repos/{owner}/{name}, for example "/issues/12". */
  rest: string;
  /** Who the token belongs to (an app installation's bot is "{slug}[bot]"). */
  login: string;
  /** The rate-limit headers every answer carries. */
  headers: Record<string, string>;
  /** A fresh id for a new issue or comment. */
  nextId: () => number;
}

export async function repoWrite(_request: Request, context: RepoWriteContext): Promise<Response> {
  return json({ message: "Not Found", documentation_url: "https://docs.github.com/rest", status: "404" }, { status: 404, headers: context.headers });
}
