// Page and page-block input schemas (spec 002 sections 3, 5 and 7): client-safe (zod only),
// shared by the API, Remix actions and forms.
import { z } from "zod";

export const PAGE_TITLE_MAX = 255;
export const PAGE_VIEWS = ["all", "favorite", "created_by_me", "created_by_other", "recent"] as const;
export type PageView = (typeof PAGE_VIEWS)[number];

export const PageTitleSchema = z
  .string({ error: "Title is required" })
  .trim()
  .min(1, "Title is required")
  .max(PAGE_TITLE_MAX, "Title should be less than 255 characters");

/** 0 = visible to anyone in the project, 1 = only its creator. */
export const PageAccessSchema = z.union([z.literal(0), z.literal(1)], { error: "Access must be 0 (public) or 1 (private)." });

export const CreatePageInput = z.object({
  name: PageTitleSchema,
  access: PageAccessSchema.optional(),
});

export const PatchPageInput = z.object({ name: PageTitleSchema, access: PageAccessSchema }).partial();

export const PageListParams = z.object({
  page_view: z.enum(PAGE_VIEWS, { error: `page_view must be one of ${PAGE_VIEWS.join(", ")}` }).default("all"),
});

export const FavoritePageInput = z.object({
  page: z.string({ error: "Page is required" }).min(1, "Page is required").max(64, "Page not found."),
});

/** ProseMirror JSON: any JSON object (or null); bounded in size by the body limit. */
const richJson = z.union([z.record(z.string(), z.unknown()), z.null()], { error: "Description must be a JSON object" });

const blockFields = {
  name: PageTitleSchema,
  description: richJson,
  description_html: z.string({ error: "Description must be HTML text" }).max(200_000, "Description is too long"),
  sync: z.boolean({ error: "Sync must be true or false." }),
};

export const CreatePageBlockInput = z.object({
  name: blockFields.name,
  description: blockFields.description.optional(),
  description_html: blockFields.description_html.optional(),
});

export const PatchPageBlockInput = z.object(blockFields).partial();
