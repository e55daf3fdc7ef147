// Image search for project covers: Unsplash photos found through the Worker, which holds the
// access key, and the download ping Unsplash asks for when a person picks one.
import {
  IMAGE_SEARCH_FAILED,
  IMAGE_SEARCH_RATE_LIMITED,
  IMAGE_SEARCH_UNCONFIGURED,
  UnsplashDownloadInput,
  UnsplashSearchInput,
  type UnsplashSearchAnswer,
} from "./schemas/unsplash";
import type { Config } from "../env";
import { UnsplashCallFailed } from "./ports/unsplash";
import { parseInput } from "../lib/validation";
import type { ActorContext } from "./context";
import { Invalid, QuotaExceeded, Unavailable, UpstreamFailed } from "./errors";

/** How long a page of results is served from the edge cache. */
export const IMAGE_SEARCH_CACHE_SECONDS = 3600;

function assertConfigured(config: Config) {
  if (config.UNSPLASH_ACCESS_KEY === "") throw new Unavailable(IMAGE_SEARCH_UNCONFIGURED);
}

/** Unsplash's failures in the caller's terms: a spent allowance is a 429, anything else a 502. */
function failureOf(error: unknown): unknown {
  if (!(error instanceof UnsplashCallFailed)) return error;
  if (error.reason === "rate_limited") return new QuotaExceeded(IMAGE_SEARCH_RATE_LIMITED);
  console.warn("image search:", error.message);
  return new UpstreamFailed(IMAGE_SEARCH_FAILED);
}

/**
 * The edge cache's key for a page of results: on the Worker's own host name (as Cloudflare asks
 * of Cache API keys), naming the Unsplash API and the search only, never the access key or the
 * caller. Sharing one entry between every signed-in user is safe because the answer is Unsplash's
 * public catalogue, trimmed, and holds nothing about the person who asked (no user data, no key,
 * no rate-limit headers): the same search answers the same photos to anyone. A changed
 * UNSPLASH_API_URL starts a fresh set of keys.
 */
function cacheKeyOf(config: Config, appOrigin: string, search: { query: string; page: number; per_page: number }): Request {
  const key = new URL("/_cache/unsplash-search", appOrigin);
  key.searchParams.set("api", config.UNSPLASH_API_URL);
  key.searchParams.set("query", search.query.toLowerCase());
  key.searchParams.set("page", String(search.page));
  key.searchParams.set("per_page", String(search.per_page));
  return new Request(key.toString());
}

/**
 * A page of photos for the cover picker (any signed-in person may search). Successful answers are
 * kept in the data centre's cache (the Cache API) for an hour, so repeated searches neither wait
 * for Unsplash nor spend its hourly allowance. Failures are never cached. The Cache API works on
 * a custom domain; on *.workers.dev it stores nothing and every search goes to Unsplash.
 */
export async function searchCoverImages(ctx: ActorContext, input: unknown, appOrigin: string): Promise<UnsplashSearchAnswer> {
  assertConfigured(ctx.config);
  const search = parseInput(UnsplashSearchInput, input);
  // The DOM typings (also loaded) know no `caches.default`; the Workers runtime has it.
  const cache = (caches as unknown as { default: Cache }).default;
  const key = cacheKeyOf(ctx.config, appOrigin, search);
  const hit = await cache.match(key);
  if (hit) return (await hit.json()) as UnsplashSearchAnswer;
  let answer: UnsplashSearchAnswer;
  try {
    answer = await (await ctx.ports.unsplash()).search(search);
  } catch (error) {
    throw failureOf(error);
  }
  await cache.put(
    key,
    new Response(JSON.stringify(answer), {
      headers: { "content-type": "application/json", "cache-control": `public, max-age=${IMAGE_SEARCH_CACHE_SECONDS}` },
    }),
  );
  return answer;
}

export const DOWNLOAD_LOCATION_REFUSED = "Download location must be a photo on the Unsplash API.";

/**
 * Tells Unsplash that a photo was picked as a cover. Only a photo's download location on the
 * configured Unsplash API is called (with the key); any other URL is refused.
 */
export async function trackCoverImageDownload(ctx: ActorContext, input: unknown): Promise<void> {
  assertConfigured(ctx.config);
  const { download_location } = parseInput(UnsplashDownloadInput, input);
  const photos = await ctx.ports.unsplash();
  if (!photos.isDownloadLocation(download_location)) throw Invalid.field("download_location", DOWNLOAD_LOCATION_REFUSED);
  try {
    await photos.trackDownload(download_location);
  } catch (error) {
    throw failureOf(error);
  }
}
