// Image search for project covers (photos from Unsplash): the search and download-tracking inputs,
// the trimmed answer the browser gets, and how a cover's credit links back. Client-safe.
import { z } from "zod";

/** Photos per page of the cover picker's search. */
export const UNSPLASH_PAGE_SIZE = 20;
/** Unsplash answers at most this many photos per page. */
export const UNSPLASH_MAX_PER_PAGE = 30;

const PAGE_RANGE = "Page must be a whole number from 1 to 1000.";
const PER_PAGE_RANGE = `Per page must be a whole number from 1 to ${UNSPLASH_MAX_PER_PAGE}.`;

/** The query string of GET /api/unsplash; no query lists the latest photos. */
export const UnsplashSearchInput = z.object({
  query: z.string().trim().max(100, "Query must be at most 100 characters.").default(""),
  page: z.coerce.number({ error: PAGE_RANGE }).int(PAGE_RANGE).min(1, PAGE_RANGE).max(1000, PAGE_RANGE).default(1),
  per_page: z.coerce
    .number({ error: PER_PAGE_RANGE })
    .int(PER_PAGE_RANGE)
    .min(1, PER_PAGE_RANGE)
    .max(UNSPLASH_MAX_PER_PAGE, PER_PAGE_RANGE)
    .default(UNSPLASH_PAGE_SIZE),
});
export type UnsplashSearchQuery = z.input<typeof UnsplashSearchInput>;

/** The body of POST /api/unsplash/download: the photo's `links.download_location`. */
export const UnsplashDownloadInput = z.object({
  download_location: z.url({ error: "Download location must be a URL." }).max(2048, "Download location is too long."),
});

/** A photo as the cover picker needs it (Unsplash's own answer has much more). */
export interface UnsplashPhoto {
  id: string;
  /** The photographer's description, else Unsplash's generated one; may be empty. */
  description: string;
  /** Text for the image's alt attribute. */
  alt_description: string;
  urls: { small: string; regular: string; full: string };
  width: number;
  height: number;
  /** The photo's average colour, shown while it loads. */
  color: string;
  user: { name: string; profile_url: string };
  links: { html: string; download_location: string };
}

/** What GET /api/unsplash answers. */
export interface UnsplashSearchAnswer {
  total: number;
  total_pages: number;
  results: UnsplashPhoto[];
}

/** Unsplash's terms: links back to it carry the app's name as a referral. */
export const UNSPLASH_REFERRAL = "utm_source=edge_tracker&utm_medium=referral";

/** A link to Unsplash (or a photographer's page there) with the referral attached. */
export function withUnsplashReferral(url: string): string {
  try {
    const link = new URL(url);
    for (const [name, value] of new URLSearchParams(UNSPLASH_REFERRAL)) link.searchParams.set(name, value);
    return link.toString();
  } catch {
    return url;
  }
}

export const UNSPLASH_HOME = "https://unsplash.com/";

/** Said when image search is not set up on this server. */
export const IMAGE_SEARCH_UNCONFIGURED = "Image search is not configured on this server.";
/** Said when Unsplash's hourly allowance for this server is used up. */
export const IMAGE_SEARCH_RATE_LIMITED = "Image search has reached its hourly limit. Please try again later.";
/** Said when Unsplash failed or answered something unusable. */
export const IMAGE_SEARCH_FAILED = "Image search is not available right now. Please try again.";
