// A small GitHub REST client for the importer and the wizard's reads: real fetch to the base URL
// from config, Link-header paging, and GitHub's answers turned into the import job's error kinds
// (a rate limit to wait out, a failure that may pass, a refusal no retry can fix).
import type { GetOptions, GithubAnswer, GithubReader, PageLinks } from "../../domain/ports/github";
import { SourceRateLimited, SourceRefused, SourceUnavailable } from "../source";


/** Requests slower than this count as GitHub being unavailable. */
const TIMEOUT_MS = 20_000;

/** What a person is told when a call got no answer from GitHub at all. */
export const GITHUB_UNREACHABLE = "GitHub could not be reached (it may be down or slow to answer). Try again in a few minutes.";

/**
 * The failure of a call that got no answer from GitHub, in words a person can act on. The
 * runtime's own text ("internal error; reference = ...", "Network connection lost") helps nobody
 * who reads it on a page, so it goes to the log instead.
 */
export function githubUnreachable(error: unknown): SourceUnavailable {
  console.warn("GitHub could not be reached", String((error as Error)?.message ?? error));
  return new SourceUnavailable(GITHUB_UNREACHABLE);
}

/** The failure of a call GitHub answered with a server error (5xx), for a person to act on. */
export const githubUnavailable = (status: number) => new SourceUnavailable(`GitHub is unavailable (it answered ${status}). Try again in a few minutes.`);

const pageOf = (target: string): number | null => {
  try {
    const page = Number(new URL(target).searchParams.get("page"));
    return Number.isInteger(page) && page > 0 ? page : null;
  } catch {
    return null;
  }
};

/** Reads GitHub's `Link: <...?page=2>; rel="next", <...?page=9>; rel="last"` header. */
export function parseLinkHeader(header: string | null): PageLinks {
  const links: PageLinks = { next: null, last: null };
  if (!header) return links;
  for (const part of header.split(",")) {
    const match = part.match(/<([^>]+)>\s*;\s*rel="?([a-z]+)"?/i);
    if (!match) continue;
    const rel = match[2].toLowerCase();
    if (rel === "next" || rel === "last") links[rel] = pageOf(match[1]);
  }
  return links;
}

/**
 * How long GitHub asks us to wait, in seconds, or null when the answer is no rate limit: a
 * `retry-after` header (secondary limits), or no requests left until `x-ratelimit-reset`.
 */
export function rateLimitWait(response: Response, now = Date.now()): number | null {
  if (response.status !== 403 && response.status !== 429) return null;
  const retryAfter = response.headers.get("retry-after");
  if (retryAfter !== null && retryAfter.trim() !== "") {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds));
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(1, Math.ceil((date - now) / 1000));
  }
  if (response.headers.get("x-ratelimit-remaining") === "0") {
    const reset = Number(response.headers.get("x-ratelimit-reset"));
    if (Number.isFinite(reset) && reset > 0) return Math.max(1, Math.ceil(reset - now / 1000));
    return 60;
  }
  // A 429 always means "slow down", even without a header saying for how long.
  return response.status === 429 ? 60 : null;
}

async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === "string" && body.message !== "") return body.message;
  } catch {
    // Not JSON: the status text says enough.
  }
  return response.statusText || `status ${response.status}`;
}

/** Where an app installation's tokens come from: minted as needed, forgotten when GitHub refuses one. */
export interface TokenSource {
  get(): Promise<string>;
  /** GitHub answered 401 to the token `get` gave: the next call must mint a fresh one. */
  refused(): void;
}

export class GithubClient implements GithubReader {
  constructor(
    private readonly baseUrl: string,
    /** A personal access token, or an App installation's token source. */
    private readonly token: string | TokenSource,
    // Wrapped: workerd refuses a fetch called as a method of another object ("Illegal invocation").
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  /** GETs `path` with `query`; throws SourceRateLimited, SourceUnavailable or SourceRefused. */
  async get<T>(path: string, query: Record<string, string | number> = {}, options: GetOptions = {}): Promise<GithubAnswer<T>> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
    const response = await this.request("GET", url);
    if (!response.ok) throw await this.failureOf(response, path, options);
    const links = parseLinkHeader(response.headers.get("link"));
    try {
      return { body: (await response.json()) as T, links };
    } catch {
      throw new SourceUnavailable("GitHub sent an answer that could not be read.");
    }
  }

  /**
   * Writes with `method` (POST, PATCH, DELETE) and a JSON body; answers GitHub's JSON (null for
   * 204). Throws the same error kinds as `get`; a 422 (GitHub refused the content) is a refusal.
   */
  async send<T>(method: "POST" | "PATCH" | "DELETE", path: string, body?: unknown, options: GetOptions = {}): Promise<T | null> {
    const response = await this.request(method, new URL(`${this.baseUrl}${path}`), body);
    if (!response.ok) throw await this.failureOf(response, path, options);
    if (response.status === 204) return null;
    try {
      return (await response.json()) as T;
    } catch {
      throw new SourceUnavailable("GitHub sent an answer that could not be read.");
    }
  }

  private async request(method: string, url: URL, body?: unknown): Promise<Response> {
    const token = typeof this.token === "string" ? this.token : await this.token.get();
    try {
      return await this.fetcher(url, {
        method,
        headers: {
          accept: "application/vnd.github+json",
          authorization: `Bearer ${token}`,
          "x-github-api-version": "2022-11-28",
          // GitHub refuses requests without a user agent.
          "user-agent": "edge-tracker-importer",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw githubUnreachable(error);
    }
  }

  /** The error kind of an answer that is not 2xx. */
  private async failureOf(response: Response, path: string, options: GetOptions): Promise<Error> {
    const wait = rateLimitWait(response);
    if (wait !== null) {
      await response.body?.cancel();
      return new SourceRateLimited(wait, `GitHub's rate limit was reached; trying again in ${wait} seconds.`);
    }
    const message = await messageOf(response);
    if (response.status >= 500) return new SourceUnavailable(`GitHub is unavailable (${response.status} ${message}).`);
    if (response.status === 401 && typeof this.token !== "string") {
      this.token.refused();
      return new SourceRefused(`GitHub did not accept the GitHub App's installation token (${message}). Try again, or install the app again.`);
    }
    if (response.status === 401) return new SourceRefused(`GitHub did not accept the access token (${message}). Save a new token and try again.`);
    if (response.status === 403) return new SourceRefused(`GitHub refused access: ${message}`);
    if (response.status === 404) return new SourceRefused(options.notFound ?? `GitHub could not find ${path}.`);
    return new SourceRefused(`GitHub refused the request (${response.status}): ${message}`);
  }

  /**
   * How many items a paged listing holds: the pages before the last are full, so this reads
   * at most two pages (the first, and the last one the Link header names).
   */
  async countOf(path: string, query: Record<string, string | number> = {}, options: GetOptions = {}): Promise<number> {
    const perPage = 100;
    const first = await this.get<unknown[]>(path, { ...query, per_page: perPage, page: 1 }, options);
    if (first.links.last === null || first.links.last <= 1) return first.body.length;
    const last = await this.get<unknown[]>(path, { ...query, per_page: perPage, page: first.links.last }, options);
    return (first.links.last - 1) * perPage + last.body.length;
  }
}
