// Drives the fake Slack (tests/fakes/slack/server.ts) from inside workerd, over HTTP: a person
// allowing the app on its authorisation page, what reached a channel, faults and revoked tokens.
import { env } from "cloudflare:workers";
import type { FakeSlackFault, FakeSlackMessage } from "../fakes/slack/server";
import { ORIGIN } from "./api";
import { type Browser, startConnection } from "./connections";

export type { FakeSlackFault, FakeSlackMessage };

const fakeUrl = () => env.SLACK_API_URL.replace(/\/api$/, "");

async function control(method: string, path: string, body?: unknown) {
  const response = await fetch(`${fakeUrl()}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`fake Slack ${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

/**
 * Opens Slack's authorisation page at `url` (as the tracker's round trip answered it), presses
 * Allow (with `channel` picked when the page offers a choice) and answers what Slack sends back.
 */
export async function authorizeOnSlack(url: URL, channel?: string): Promise<{ code: string; state: string }> {
  const page = await (await fetch(url)).text();
  if (!page.includes(">Allow</button>")) throw new Error(`no Allow button on Slack's page: ${page}`);
  const allow = new URL("/oauth/v2/authorize/allow", url);
  for (const [name, value] of new URL(url).searchParams) allow.searchParams.set(name, value);
  allow.searchParams.set("decision", "allow");
  if (channel) allow.searchParams.set("channel", channel);
  const answer = await fetch(allow, { redirect: "manual" });
  const location = new URL(answer.headers.get("location") ?? "");
  if (`${location.origin}${location.pathname}` !== `${ORIGIN}/installations/slack`) throw new Error(`Slack sent the person to ${location}`);
  return { code: location.searchParams.get("code") ?? "", state: location.searchParams.get("state") ?? "" };
}

export const slackMessages = (channel: string) => control("GET", `/_fake/messages?channel=${channel}`) as Promise<FakeSlackMessage[]>;
export const addSlackFault = (fault: FakeSlackFault) => control("POST", "/_fake/faults", fault);
export const clearSlackFaults = () => control("DELETE", "/_fake/faults");
export const revokeSlackToken = (token: string) => control("POST", "/_fake/revoke", { token });

/**
 * The honest round trip as `browser`: starts it (the workspace's install, or with `projectId` that
 * project's channel), allows on Slack and answers what the landing page would post.
 */
export async function slackGrant(browser: Browser, slug: string, projectId?: string, channel?: string): Promise<{ code: string; state: string }> {
  const url = await startConnection(browser, slug, projectId ? { kind: "slack_channel", project_id: projectId } : { kind: "slack_install" });
  return authorizeOnSlack(url, channel);
}
