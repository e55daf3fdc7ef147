// A fake Jira Cloud REST v3 API: to be filled in by the Jira importer work.
import { type FetchHandler, json } from "../http";

export function createFakeJira(): FetchHandler {
  return () => json({ errorMessages: ["Not found"], errors: {} }, { status: 404 });
}
