// Posting to a page's action the way Remix's fetchers do: to the route's `.data` URL, from the
// app's own origin, as form data, a JSON intent or a multipart upload.
import { SELF } from "cloudflare:test";
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
  const response = await SELF.fetch(`${ORIGIN}${dataPath}`, { method: "POST", headers, body: payload, redirect: "manual" });
  return { status: response.status, text: await response.text(), headers: response.headers };
}
