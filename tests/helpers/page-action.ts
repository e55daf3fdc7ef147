// Talking to a page the way the browser's router does: posting to its action through the route's
// `.data` URL, from the app's own origin (form data, a JSON intent or a multipart upload), and
// reading one route's loader data from a client-side navigation's answer.
import { fetchWorker } from "./worker";
import { decode } from "turbo-stream";
import { type Client, ORIGIN } from "./api";

export type PageActionBody = { form: Record<string, string> } | { json: unknown } | { multipart: FormData };

/** Posts `body` to the action of the page at `dataPath` (e.g. `/acme/settings/members.data`). */
export async function postPageAction(client: Client, dataPath: string, body: PageActionBody) {
  const headers: Record<string, string> = { cookie: client.cookie, origin: ORIGIN, host: new URL(ORIGIN).host };
  let payload: BodyInit;
  if ("json" in body) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body.json);
  } else if ("form" in body) {
    payload = new URLSearchParams(body.form);
  } else {
    payload = body.multipart;
  }
  const response = await fetchWorker(`${ORIGIN}${dataPath}`, { method: "POST", headers, body: payload, redirect: "manual" });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** The loader data of `routeId` (e.g. `routes/$workspaceSlug.settings.members`) on the page at `dataPath`. */
export async function loadPageData<T = Record<string, unknown>>(client: Client, dataPath: string, routeId: string) {
  const response = await fetchWorker(`${ORIGIN}${dataPath}`, { headers: { cookie: client.cookie } });
  if (response.status !== 200 || !response.body) throw new Error(`${dataPath}: ${response.status}`);
  const decoded = await decode(response.body);
  await decoded.done;
  const routes = decoded.value as Record<string, { data?: T }>;
  const data = routes[routeId]?.data;
  if (data === undefined) throw new Error(`${dataPath} has no data for ${routeId}: ${Object.keys(routes).join(", ")}`);
  return data;
}
