// A fake Slack (OAuth v2 and chat.postMessage), speaking slack.com's shapes: Web API methods answer
// 200 with {ok: false, error} for failures, a rate limit is a 429 with Retry-After.
//
//   GET  /oauth/v2/authorize?client_id&scope&redirect_uri&state   the page a person authorises on
//        (an Allow button, and a channel choice when the incoming-webhook scope is asked for)
//   GET  /oauth/v2/authorize/allow?...&channel=C...   what Allow submits: redirects to
//        redirect_uri?code=...&state=... (Cancel: redirect_uri?error=access_denied&state=...)
//   POST /api/oauth.v2.access    code -> bot token (client id/secret as form fields or Basic auth)
//   POST /api/chat.postMessage   Bearer bot token, {channel, text, blocks?}
//   GET  /_fake/messages?channel=C...   what was posted (the token's team and channel included)
//   POST /_fake/faults   {method, error, status?, retryAfter?, times?, channel?}: the next calls fail so
//   DELETE /_fake/faults
//   POST /_fake/revoke   {token}: Slack no longer accepts the token (invalid_auth)
//   GET  /_fake/channels the channels the authorise page offers
import { type FetchHandler, json } from "../http";

export interface FakeSlackApp {
  clientId: string;
  clientSecret: string;
}

export interface FakeSlackMessage {
  ts: string;
  channel: string;
  team_id: string;
  text: string;
  blocks: unknown;
}

export interface FakeSlackFault {
  method: string;
  /** Slack's error code (`ratelimited`, `invalid_auth`, `internal_error`, ...). */
  error: string;
  /** HTTP status of the answer: 200 as Slack answers most errors, 429 for a rate limit, 5xx. */
  status?: number;
  /** Seconds, sent as Retry-After. */
  retryAfter?: number;
  /** How many calls fail (default 1). */
  times?: number;
  /** Only posts to this channel fail (chat.postMessage). */
  channel?: string;
}

export const FAKE_SLACK_TEAM = { id: "T0FAKE", name: "Fake Team" };
export const FAKE_SLACK_CHANNELS = [
  { id: "C0GENERAL", name: "general" },
  { id: "C0TRACKER", name: "tracker-news" },
  { id: "C0RANDOM", name: "random" },
];

interface Grant {
  redirect_uri: string;
  scope: string;
  channel: (typeof FAKE_SLACK_CHANNELS)[number] | null;
  used: boolean;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

const html = (body: string) => new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });

const slackError = (error: string, status = 200, headers: Record<string, string> = {}) => json({ ok: false, error }, { status, headers });

/** Form-encoded or JSON body fields, as Slack accepts both. */
async function fieldsOf(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) return ((await request.json()) ?? {}) as Record<string, unknown>;
  const form = new URLSearchParams(await request.text());
  return Object.fromEntries(form);
}

/** A fake Slack that knows one app (client id and secret); its state lives as long as the server. */
export function createFakeSlack(app: FakeSlackApp): FetchHandler {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, { team_id: string; revoked: boolean }>();
  const messages: FakeSlackMessage[] = [];
  const faults: (FakeSlackFault & { left: number })[] = [];
  let counter = 0;
  const next = () => `${Date.now().toString(36)}${(++counter).toString(36)}`;

  function takeFault(method: string, channel?: string): Response | null {
    const fault = faults.find((f) => f.method === method && f.left > 0 && (f.channel === undefined || f.channel === channel));
    if (!fault) return null;
    fault.left -= 1;
    const headers: Record<string, string> = fault.retryAfter !== undefined ? { "retry-after": String(fault.retryAfter) } : {};
    return slackError(fault.error, fault.status ?? 200, headers);
  }

  function authorizePage(url: URL): Response {
    const params = url.searchParams;
    if (params.get("client_id") !== app.clientId) return html("<h1>Invalid client_id parameter</h1>");
    const wantsChannel = (params.get("scope") ?? "").split(",").includes("incoming-webhook");
    const hidden = ["client_id", "scope", "redirect_uri", "state"]
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params.get(name) ?? "")}">`)
      .join("");
    const channelChoice = wantsChannel
      ? `<label>Post to <select name="channel">${FAKE_SLACK_CHANNELS.map((c) => `<option value="${c.id}">#${c.name}</option>`).join("")}</select></label>`
      : "";
    return html(`<!doctype html><html><head><title>Fake Slack: authorise</title></head><body>
<h1>Edge Tracker is requesting permission to access the ${escapeHtml(FAKE_SLACK_TEAM.name)} Slack workspace</h1>
<form method="get" action="/oauth/v2/authorize/allow">${hidden}${channelChoice}
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</form></body></html>`);
  }

  function allow(url: URL): Response {
    const params = url.searchParams;
    const redirectUri = params.get("redirect_uri") ?? "";
    if (params.get("client_id") !== app.clientId || !redirectUri) return html("<h1>Invalid request</h1>");
    const back = new URL(redirectUri);
    back.searchParams.set("state", params.get("state") ?? "");
    if (params.get("decision") === "cancel") {
      back.searchParams.set("error", "access_denied");
      return new Response(null, { status: 302, headers: { location: back.toString() } });
    }
    const scope = params.get("scope") ?? "";
    const wantsChannel = scope.split(",").includes("incoming-webhook");
    const channel = wantsChannel ? (FAKE_SLACK_CHANNELS.find((c) => c.id === params.get("channel")) ?? FAKE_SLACK_CHANNELS[0]) : null;
    const code = `code-${next()}`;
    grants.set(code, { redirect_uri: redirectUri, scope, channel, used: false });
    back.searchParams.set("code", code);
    return new Response(null, { status: 302, headers: { location: back.toString() } });
  }

  async function oauthAccess(request: Request): Promise<Response> {
    const fault = takeFault("oauth.v2.access");
    if (fault) return fault;
    const fields = await fieldsOf(request);
    let clientId = String(fields.client_id ?? "");
    let clientSecret = String(fields.client_secret ?? "");
    const basic = request.headers.get("authorization")?.match(/^Basic (.+)$/);
    if (basic) [clientId, clientSecret] = atob(basic[1]).split(":");
    if (clientId !== app.clientId) return slackError("invalid_client_id");
    if (clientSecret !== app.clientSecret) return slackError("bad_client_secret");
    const grant = grants.get(String(fields.code ?? ""));
    if (!grant || grant.used) return slackError("invalid_code");
    if (fields.redirect_uri !== undefined && fields.redirect_uri !== grant.redirect_uri) return slackError("bad_redirect_uri");
    grant.used = true;
    const token = `xoxb-fake-${next()}`;
    tokens.set(token, { team_id: FAKE_SLACK_TEAM.id, revoked: false });
    return json({
      ok: true,
      app_id: "A0FAKEAPP",
      authed_user: { id: "U0PERSON" },
      scope: grant.scope,
      token_type: "bot",
      access_token: token,
      bot_user_id: "U0BOT",
      team: FAKE_SLACK_TEAM,
      enterprise: null,
      is_enterprise_install: false,
      ...(grant.channel
        ? {
            incoming_webhook: {
              channel: `#${grant.channel.name}`,
              channel_id: grant.channel.id,
              configuration_url: `${new URL(request.url).origin}/services/B0FAKE`,
              url: `${new URL(request.url).origin}/services/T0FAKE/B0FAKE/${next()}`,
            },
          }
        : {}),
    });
  }

  async function postMessage(request: Request): Promise<Response> {
    const fields = await fieldsOf(request);
    const channel = String(fields.channel ?? "");
    const fault = takeFault("chat.postMessage", channel);
    if (fault) return fault;
    const token = request.headers.get("authorization")?.match(/^Bearer (.+)$/)?.[1];
    if (!token) return slackError("not_authed");
    const known = tokens.get(token);
    if (!known || known.revoked) return slackError("invalid_auth");
    if (!FAKE_SLACK_CHANNELS.some((c) => c.id === channel)) return slackError("channel_not_found");
    if (typeof fields.text !== "string" || fields.text === "") return slackError("no_text");
    const ts = `${Math.floor(Date.now() / 1000)}.${String(++counter).padStart(6, "0")}`;
    messages.push({ ts, channel, team_id: known.team_id, text: fields.text, blocks: fields.blocks ?? null });
    return json({ ok: true, channel, ts, message: { type: "message", text: fields.text, ts } });
  }

  async function control(request: Request, url: URL): Promise<Response> {
    if (request.method === "GET" && url.pathname === "/_fake/messages") {
      const channel = url.searchParams.get("channel");
      return json(channel ? messages.filter((m) => m.channel === channel) : messages);
    }
    if (request.method === "GET" && url.pathname === "/_fake/channels") return json(FAKE_SLACK_CHANNELS);
    if (request.method === "POST" && url.pathname === "/_fake/faults") {
      const fault = (await request.json()) as FakeSlackFault;
      faults.push({ ...fault, left: fault.times ?? 1 });
      return new Response(null, { status: 204 });
    }
    if (request.method === "DELETE" && url.pathname === "/_fake/faults") {
      faults.length = 0;
      return new Response(null, { status: 204 });
    }
    if (request.method === "POST" && url.pathname === "/_fake/revoke") {
      const { token } = (await request.json()) as { token: string };
      const known = tokens.get(token);
      if (!known) return json({ error: "unknown token" }, { status: 404 });
      known.revoked = true;
      return new Response(null, { status: 204 });
    }
    return json({ error: "unknown control" }, { status: 404 });
  }

  return async (request) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/_fake/")) return control(request, url);
    if (request.method === "GET" && url.pathname === "/oauth/v2/authorize") return authorizePage(url);
    if (request.method === "GET" && url.pathname === "/oauth/v2/authorize/allow") return allow(url);
    if (request.method === "POST" && url.pathname === "/api/oauth.v2.access") return oauthAccess(request);
    if (request.method === "POST" && url.pathname === "/api/chat.postMessage") return postMessage(request);
    return slackError("unknown_method", 404);
  };
}
