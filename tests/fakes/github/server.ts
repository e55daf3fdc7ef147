// A fake GitHub REST API (api.github.com shapes): to be filled in by the GitHub importer work.
import { type FetchHandler, json } from "../http";

export function createFakeGithub(): FetchHandler {
  return () => json({ message: "Not Found", documentation_url: "https://docs.github.com/rest" }, { status: 404 });
}
