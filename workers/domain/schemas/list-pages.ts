// How much one list answer may hold: the one place for the REST lists' page sizes. Client-safe
// and zod-free.

export const LIST_PAGES = {
  /**
   * The most rows a plain list (no `per_page`) answers: still a plain array, cut after this many
   * rows, with a `Link: <…&cursor=…>; rel="next"` header naming where the rest continues.
   */
  plainListCap: 1000,
  /** The largest `per_page` a caller may ask for. */
  maxPerPage: 1000,
} as const;

/** The header a capped plain list names its continuation in, beside `Link`. */
export const NEXT_CURSOR_HEADER = "x-next-cursor";

/** How many results workspace search answers of each kind: `per_page`, this many unless said. */
export const SEARCH_RESULTS = {
  perKind: 10,
  /** The most a caller may ask for: the best of a word's newest few hundred matches. */
  maxPerKind: 50,
} as const;
