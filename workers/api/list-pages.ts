// The continuation of a capped plain list: the array keeps its shape, and the headers say where
// the next rows start (RFC 8288's `Link` with rel="next", and the bare cursor).
import { NEXT_CURSOR_HEADER } from "../domain/schemas/list-pages";
import { type ListPage, type PageRequest, pageRequestOf } from "../domain/list-page";
import type { ApiContext } from "./hono-env";

/** A keyset page as the domain answers it. */
export interface IssueListPage {
  results: unknown[];
  next_cursor: string | null;
}

/** Names the next rows of the list this request read: the same URL with `cursor` set. */
export function setNextPage(c: ApiContext, nextCursor: string) {
  const next = new URL(c.req.url);
  next.searchParams.set("cursor", nextCursor);
  c.header("Link", `<${next.pathname}${next.search}>; rel="next"`);
  c.header(NEXT_CURSOR_HEADER, nextCursor);
}

/** The page this request asks for (`per_page`, `cursor`); a bad one is a 400 naming the field. */
export const pageOf = (c: ApiContext): PageRequest => pageRequestOf(c.req.query());

/** Answers a page as a plain array, naming its continuation in the headers. */
export function listed(c: ApiContext, page: Pick<ListPage<unknown>, "next_cursor"> & { rows: unknown }) {
  if (page.next_cursor) setNextPage(c, page.next_cursor);
  return c.json(page.rows);
}
