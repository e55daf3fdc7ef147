// The photo library the cover picker searches, and the error its calls fail with: the Unsplash
// adapter implements the one and throws the other, and the domain maps its reason to what the
// caller sees.
import type { UnsplashSearchAnswer } from "../schemas/unsplash";

/** Why a call to Unsplash did not give a usable answer. */
export class UnsplashCallFailed extends Error {
  constructor(
    readonly reason: "rate_limited" | "unreachable" | "refused" | "unreadable",
    readonly status: number | null = null,
  ) {
    super(`Unsplash call failed: ${reason}${status ? ` (${status})` : ""}`);
    this.name = "UnsplashCallFailed";
  }
}

/** The photo library the cover picker searches (Unsplash); every call fails with UnsplashCallFailed. */
export interface PhotoLibrary {
  /** One page of photos for a query, or the latest photos without one. */
  search(search: { query: string; page: number; per_page: number }): Promise<UnsplashSearchAnswer>;
  /** Whether `url` is a photo's download location on the configured library, the only URL it may be told about. */
  isDownloadLocation(url: string): boolean;
  /** Tells the library a photo was put to use. */
  trackDownload(downloadLocation: string): Promise<void>;
}
