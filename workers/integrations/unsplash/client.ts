// Unsplash's REST API as the cover picker uses it: a search (or, without a query, the latest
// photos) and the download ping its guidelines ask for whenever a photo is put to use. Every call
// carries the access key as `Authorization: Client-ID ...`; the key never leaves the Worker.
// Unsplash answers a spent hourly allowance with 403 "Rate Limit Exceeded" and X-Ratelimit-Remaining 0.
import type { Config } from "../../env";
import { type PhotoLibrary, UnsplashCallFailed } from "../../domain/ports/unsplash";
import type { UnsplashPhoto, UnsplashSearchAnswer } from "../../domain/schemas/unsplash";

const headersOf = (config: Config) => ({
  Authorization: `Client-ID ${config.UNSPLASH_ACCESS_KEY}`,
  "Accept-Version": "v1",
  Accept: "application/json",
});

async function callUnsplash(config: Config, url: string): Promise<{ body: unknown; headers: Headers }> {
  let response: Response;
  try {
    response = await fetch(url, { headers: headersOf(config) });
  } catch {
    throw new UnsplashCallFailed("unreachable");
  }
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    const spent = response.headers.get("x-ratelimit-remaining") === "0" || /rate limit/i.test(text);
    if (response.status === 429 || (response.status === 403 && spent)) throw new UnsplashCallFailed("rate_limited", response.status);
    throw new UnsplashCallFailed("refused", response.status);
  }
  try {
    return { body: await response.json(), headers: response.headers };
  } catch {
    throw new UnsplashCallFailed("unreadable", response.status);
  }
}

type Raw = Record<string, unknown>;
const isRecord = (value: unknown): value is Raw => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === "string" ? value : "");
const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0);

/** Unsplash's photo trimmed to what the picker shows and the credit needs; null if it lacks an image URL or id. */
export function photoOf(raw: unknown): UnsplashPhoto | null {
  if (!isRecord(raw) || !isRecord(raw.urls) || !isRecord(raw.user) || !isRecord(raw.links)) return null;
  const id = text(raw.id);
  const urls = { small: text(raw.urls.small), regular: text(raw.urls.regular), full: text(raw.urls.full) };
  if (!id || !urls.small || !urls.regular) return null;
  const userLinks = isRecord(raw.user.links) ? raw.user.links : {};
  return {
    id,
    description: text(raw.description) || text(raw.alt_description),
    alt_description: text(raw.alt_description) || text(raw.description),
    urls: { ...urls, full: urls.full || urls.regular },
    width: count(raw.width),
    height: count(raw.height),
    color: /^#[0-9a-f]{6}$/i.test(text(raw.color)) ? text(raw.color) : "#a3a3a3",
    user: {
      name: text(raw.user.name) || text(raw.user.username),
      profile_url: text(userLinks.html) || `https://unsplash.com/${raw.user.username ? `@${text(raw.user.username)}` : ""}`,
    },
    links: { html: text(raw.links.html), download_location: text(raw.links.download_location) },
  };
}

const photosOf = (list: unknown[]) => list.map(photoOf).filter((photo): photo is UnsplashPhoto => photo !== null);

/**
 * One page of photos: `GET /search/photos` for a query, `GET /photos` (the latest) without one.
 * The latest list is a bare array whose total comes in the X-Total header.
 */
export async function searchUnsplash(config: Config, search: { query: string; page: number; per_page: number }): Promise<UnsplashSearchAnswer> {
  const params = new URLSearchParams({ page: String(search.page), per_page: String(search.per_page) });
  if (search.query) {
    params.set("query", search.query);
    const { body } = await callUnsplash(config, `${config.UNSPLASH_API_URL}/search/photos?${params}`);
    if (!isRecord(body) || !Array.isArray(body.results)) throw new UnsplashCallFailed("unreadable");
    return { total: count(body.total), total_pages: count(body.total_pages), results: photosOf(body.results) };
  }
  const { body, headers } = await callUnsplash(config, `${config.UNSPLASH_API_URL}/photos?${params}`);
  if (!Array.isArray(body)) throw new UnsplashCallFailed("unreadable");
  const total = count(Number(headers.get("x-total")));
  return { total, total_pages: Math.ceil(total / search.per_page), results: photosOf(body) };
}

/**
 * Whether `url` is a photo's download location on the configured Unsplash API: its origin and,
 * below the API's own path, `/photos/...` (dot segments are resolved by the URL parser first).
 * Anything else is refused, so the tracker cannot be made
 * to send its key to another host or path.
 */
export function isDownloadLocation(config: Config, url: string): boolean {
  let target: URL;
  let api: URL;
  try {
    target = new URL(url);
    api = new URL(config.UNSPLASH_API_URL);
  } catch {
    return false;
  }
  const base = api.pathname.replace(/\/+$/, "");
  return target.origin === api.origin && target.pathname.startsWith(`${base}/photos/`) && target.username === "";
}

/** Tells Unsplash a photo was put to use (its guidelines require this on every use). */
export async function trackUnsplashDownload(config: Config, downloadLocation: string): Promise<void> {
  await callUnsplash(config, downloadLocation);
}

/** Unsplash as the domain's photo library port, with this server's `config`. */
export const unsplashLibrary = (config: Config): PhotoLibrary => ({
  search: (search) => searchUnsplash(config, search),
  isDownloadLocation: (url) => isDownloadLocation(config, url),
  trackDownload: (downloadLocation) => trackUnsplashDownload(config, downloadLocation),
});
