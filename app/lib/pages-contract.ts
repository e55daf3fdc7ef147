// What the project's pages list and page detail exchange with the browser: loader data, the JSON
// intents their buttons post, and the answers. The page and block forms post form data against
// the schemas in workers/domain/schemas/pages.ts. Client-safe.
import { z } from "zod";
import type { PageBlockDetail, PageCard, PageDetailData, PagesListing, RecentGroupKey } from "../../workers/domain/schemas/page-responses";
import { PAGE_VIEWS, PageAccessSchema, type PageView } from "../../workers/domain/schemas/pages";
import { IntentId } from "./intents";

export type { PageBlockDetail, PageCard, PageDetailData, PagesListing, RecentGroupKey };

/** The list's tabs, in the order they show, and how they read. */
export const PAGE_TABS: { key: PageView; label: string }[] = [
  { key: "all", label: "All pages" },
  { key: "favorite", label: "Favorites" },
  { key: "created_by_me", label: "Created by me" },
  { key: "created_by_other", label: "Created by others" },
  { key: "recent", label: "Recent" },
];

/** Reads the `tab` search parameter; anything unknown is the first tab. */
export function pageTabOf(value: string | null): PageView {
  return (PAGE_VIEWS as readonly string[]).includes(value ?? "") ? (value as PageView) : "all";
}

export const RECENT_GROUP_LABELS: Record<RecentGroupKey, string> = {
  today: "Today",
  yesterday: "Yesterday",
  this_week: "This week",
};

/** The pages list's loader data. */
export interface PagesListData {
  /** The signed-in user: only a page's creator sees its private/public toggle. */
  me: string;
  listing: PagesListing;
}

/** The page detail's loader data: the page read model and the signed-in user (for the access switch). */
export type PageDetailScreenData = PageDetailData & { me: string };

/** What the list's buttons post; create and rename are forms (`create-page`, `update-page`). */
export const PagesIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete-page"), page_id: IntentId }),
  z.object({ intent: z.literal("favorite-page"), page_id: IntentId, favorite: z.boolean() }),
  z.object({ intent: z.literal("set-page-access"), page_id: IntentId, access: PageAccessSchema }),
]);
export type PagesIntent = z.input<typeof PagesIntentSchema>;

/** What the detail's controls post (the block forms post form data or these JSON intents). */
export const PageDetailIntentSchema = z.discriminatedUnion("intent", [
  // Names are checked by the domain, so a refused one answers its field message (not "Unknown action.").
  z.object({ intent: z.literal("rename-page"), name: z.string() }),
  z.object({
    intent: z.literal("update-block"),
    block_id: IntentId,
    name: z.string(),
    description: z.record(z.string(), z.unknown()).nullable(),
    description_html: z.string(),
  }),
  z.object({ intent: z.literal("delete-block"), block_id: IntentId }),
  z.object({ intent: z.literal("convert-block"), block_id: IntentId }),
  z.object({ intent: z.literal("set-block-sync"), block_id: IntentId, sync: z.boolean() }),
]);
export type PageDetailIntent = z.input<typeof PageDetailIntentSchema>;

/** Any answer of the pages actions, as a fetcher sees it. */
export type PagesAnswer = {
  ok?: boolean;
  intent?: string;
  error?: string;
  status?: number;
  fields?: Record<string, string[]>;
  /** The page a create made (the dialog opens it when created away from the list). */
  page?: { id: string; name: string };
  /** The issue a block became. */
  issue?: { id: string; sequence_id: number };
  result?: unknown;
};
