// A small client of the Jira Cloud REST API v3, used by the project-info check and the import
// job. It speaks to the host a person typed (which must end with the configured suffix, so the
// importer cannot be aimed at any other machine), with Basic auth of their email and API token,
// and turns every way Jira can fail into the import's three error kinds.
import type { JiraSite } from "../../domain/ports/jira";
import type { Config } from "../../env";
import { SourceRateLimited, SourceRefused, SourceUnavailable } from "../source";

const HOST = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

/**
 * The host name a person typed, normalised ("https://Acme.atlassian.net/" -> "acme.atlassian.net"),
 * or null when it is not a bare host name ending with the configured suffix.
 */
export function jiraHostOf(config: Config, typed: string): string | null {
  const host = typed
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/\/+$/, "");
  if (!HOST.test(host)) return null;
  const suffix = hostSuffixOf(config);
  // With a suffix, no port either: only the service's own hosts on its standard port.
  if (suffix !== "" && (host.length <= suffix.length || !host.endsWith(suffix))) return null;
  return host;
}

/** The configured suffix as the end of a host name (".atlassian.net"), or "" for any host. */
function hostSuffixOf(config: Config): string {
  const suffix = config.JIRA_HOST_SUFFIX;
  return suffix === "" || suffix.startsWith(".") ? suffix : `.${suffix}`;
}

/** A host name to show as an example, ending with the configured suffix. */
export const jiraHostExample = (config: Config) => `acme${hostSuffixOf(config) || ".atlassian.net"}`;

/** Basic credentials as base64 of their UTF-8 bytes. */
function basicAuth(email: string, token: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(`${email}:${token}`)) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

const PROJECT_KEY = /^[A-Z][A-Z0-9_]{0,49}$/;

/** The project key in Jira's form (upper case), or null when it cannot be one. */
export function jiraProjectKeyOf(typed: string): string | null {
  const key = typed.trim().toUpperCase();
  return PROJECT_KEY.test(key) ? key : null;
}

const REQUEST_TIMEOUT_MS = 30_000;
/** Used when a 429 comes without a readable Retry-After. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

function retryAfterOf(response: Response): number {
  const header = response.headers.get("retry-after");
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
    const date = Date.parse(header);
    if (Number.isFinite(date)) return Math.max(1, Math.ceil((date - Date.now()) / 1000));
  }
  return DEFAULT_RETRY_AFTER_SECONDS;
}

async function jiraMessagesOf(response: Response): Promise<string> {
  try {
    const text = await response.text();
    const body = JSON.parse(text) as { errorMessages?: unknown; errors?: unknown };
    const messages = [
      ...(Array.isArray(body.errorMessages) ? body.errorMessages.filter((m): m is string => typeof m === "string") : []),
      ...(body.errors && typeof body.errors === "object" ? Object.values(body.errors).filter((m): m is string => typeof m === "string") : []),
    ];
    return messages.join(" ").slice(0, 300);
  } catch {
    return "";
  }
}

export interface RequestOptions {
  /** What a 404 means for this call, in words a person understands. */
  notFound?: string;
}

export class JiraClient {
  readonly baseUrl: string;

  constructor(
    config: Config,
    readonly site: JiraSite,
    // Wrapped: workerd refuses a fetch called as a method of another object ("Illegal invocation").
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
  ) {
    this.baseUrl = `${config.JIRA_API_SCHEME}://${site.host}`;
  }

  /** The link a person follows to the issue in Jira. */
  browseUrl(issueKey: string): string {
    return `${this.baseUrl}/browse/${encodeURIComponent(issueKey)}`;
  }

  async get<T>(path: string, query: Record<string, string | number | undefined> = {}, options: RequestOptions = {}): Promise<T> {
    const url = new URL(path, this.baseUrl);
    for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
    return this.send<T>(url, { method: "GET" }, options);
  }

  async post<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    return this.send<T>(new URL(path, this.baseUrl), { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } }, options);
  }

  private async send<T>(url: URL, init: RequestInit, options: RequestOptions): Promise<T> {
    const headers = new Headers(init.headers);
    headers.set("authorization", basicAuth(this.site.email, this.site.apiToken));
    headers.set("accept", "application/json");
    let response: Response;
    try {
      // A redirect is never followed: it could lead away from the host that was checked.
      response = await this.fetcher(url, { ...init, headers, redirect: "manual", signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch {
      throw new SourceUnavailable(`Jira at ${this.site.host} could not be reached.`);
    }
    if (response.ok) {
      try {
        return (await response.json()) as T;
      } catch {
        throw new SourceUnavailable(`Jira at ${this.site.host} answered with something that is not JSON.`);
      }
    }
    const status = response.status;
    if (status === 429) {
      await response.body?.cancel();
      throw new SourceRateLimited(retryAfterOf(response), "Jira's rate limit was reached");
    }
    if (status >= 500) {
      await response.body?.cancel();
      throw new SourceUnavailable(`Jira at ${this.site.host} is unavailable (it answered ${status}).`);
    }
    if (status >= 300 && status < 400) {
      await response.body?.cancel();
      throw new SourceRefused(`${this.site.host} is not a Jira Cloud site: it sent us somewhere else.`);
    }
    const detail = await jiraMessagesOf(response);
    if (status === 401) throw new SourceRefused("Jira did not accept this email and API token. Check both and try again.");
    if (status === 403) throw new SourceRefused(`Jira refused access with these credentials${detail ? `: ${detail}` : "."}`);
    if (status === 404) throw new SourceRefused(options.notFound ?? (detail || `Jira has nothing at ${url.pathname}.`));
    throw new SourceRefused(`Jira refused the request${detail ? `: ${detail}` : ` (${status}).`}`);
  }
}
