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

/** Asked for neither a page (`per_page`) nor a board's windows (`per_group`, `group`). */
const isUnpaged = (query: Record<string, string>) => !query.per_page && !query.per_group && !query.group;

/**
 * Answers an issue list (project, cycle, module or saved view) read by `read` with the request's
 * query. Paged and windowed reads answer as the domain shapes them. An unpaged read, plain or
 * grouped, answers its page's results alone (an array, or an object keyed by group), at most
 * LIST_PAGES.plainListCap issues; the next link names where the rest continue.
 */
export async function issueListed(c: ApiContext, read: (query: Record<string, string>) => Promise<unknown>) {
  const query = c.req.query();
  if (!isUnpaged(query)) return c.json(await read(query));
  const page = (await read(query)) as IssueListPage;
  if (page.next_cursor) setNextPage(c, page.next_cursor);
  return c.json(page.results);
}
