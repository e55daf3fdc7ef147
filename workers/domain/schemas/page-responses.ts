// The shapes the pages screens receive: a page as lists show it, and a page with its blocks and
// the live state of the issues they became. Declared (types only), so the browser can name them.
import type { StateGroup } from "../../../drizzle/schema";
import type { PageView } from "./pages";

/** A page as the lists and cards show it. */
export interface PageCard {
  id: string;
  name: string;
  /** 0 visible to the project, 1 only to its creator. */
  access: number;
  is_favorite: boolean;
  /** The first block names (at most 3), in page order. */
  blocks: { id: string; name: string }[];
  label_details: { id: string; name: string; color: string }[];
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** The recent tab's date groups, newest first; empty groups are left out. */
export type RecentGroupKey = "today" | "yesterday" | "this_week";

/** The pages list: one tab's pages, or the recent tab's groups. */
export type PagesListing =
  | { kind: "list"; tab: Exclude<PageView, "recent">; pages: PageCard[] }
  | { kind: "recent"; tab: "recent"; groups: { key: RecentGroupKey; pages: PageCard[] }[] };

/** A project state as a linked issue shows it. */
export interface PageIssueState {
  id: string;
  name: string;
  color: string;
  group: StateGroup;
}

/** A block of a page, with the issue it became (if any). */
export interface PageBlockDetail {
  id: string;
  name: string;
  description_html: string;
  sync: boolean;
  issue: { id: string; name: string; sequence_id: number; state: string | null } | null;
}

/** Everything the page detail shows, read in one batch. */
export interface PageDetailData {
  page: PageCard;
  blocks: PageBlockDetail[];
  /** The project's states, so a linked issue's state (live from the board) can be named. */
  states: PageIssueState[];
  project: { id: string; identifier: string };
}
