// Starting a connection round trip from the browser: the server checks the caller may connect,
// mints the round trip's one-time state and answers the provider's page to open. Client-safe.
import type { ConnectionStart, StartConnectionPayload } from "../../workers/domain/schemas/connections";
import { callApi } from "./api-client";
import { api } from "./api-routes";

/** The provider's page (GitHub's install page, Slack's authorisation page) for this round trip. */
export async function connectionUrl(slug: string, payload: StartConnectionPayload): Promise<string> {
  const started = await callApi<ConnectionStart>(api.connectionStates(slug), { method: "POST", body: payload });
  return started.url;
}
