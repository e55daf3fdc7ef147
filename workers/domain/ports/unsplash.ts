// The error the cover picker's photo search fails with; the Unsplash adapter throws it and the
// domain maps its reason to what the caller sees.

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
