// Page and page-block input schemas: client-safe (zod only),
// shared by the API, Remix actions and forms.
import { z } from "zod";
import { requiredId, requiredText, richDescription, richDescriptionHtml, TITLE_REQUIRED, TITLE_TOO_LONG } from "./common";

export const PAGE_TITLE_MAX = 255;
export const PAGE_VIEWS = ["all", "favorite", "created_by_me", "created_by_other", "recent"] as const;
export type PageView = (typeof PAGE_VIEWS)[number];

export const PageTitleSchema = requiredText({ required: TITLE_REQUIRED, tooLong: TITLE_TOO_LONG }, PAGE_TITLE_MAX);

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
  page: requiredId("Page is required", "Page not found."),
});

const blockFields = {
  name: PageTitleSchema,
  description: richDescription,
  description_html: richDescriptionHtml,
  sync: z.boolean({ error: "Sync must be true or false." }),
};

export const CreatePageBlockInput = z.object({
  name: blockFields.name,
  description: blockFields.description.optional(),
  description_html: blockFields.description_html.optional(),
});

export const PatchPageBlockInput = z.object(blockFields).partial();

/** The page form: only the title. */
export const PageFormSchema = CreatePageInput.pick({ name: true });

/** Page names are cut at this length in lists and cards. */
export const PAGE_NAME_LIST_MAX = 75;

export const PAGE_CREATED = "Page created successfully.";
export const PAGE_UPDATED = "Page updated successfully.";
export const PAGE_DELETED = "Page deleted successfully.";
export const PAGE_CREATE_FAILED = "Page could not be created. Please try again.";
export const PAGE_UPDATE_FAILED = "Page could not be updated. Please try again.";
export const PAGE_DELETE_FAILED = "Page could not be deleted. Please try again.";
export const PAGE_FAVORITE_ADD_FAILED = "Couldn't add the page to favorites. Please try again.";
export const PAGE_FAVORITE_REMOVE_FAILED = "Couldn't remove the page from favorites. Please try again.";
export const BLOCK_CONVERTED = "Page block converted to issue successfully.";
export const BLOCK_CONVERT_FAILED = "Page block could not be converted to issue. Please try again.";
export const BLOCK_UPDATED = "Block description updated successfully.";
export const BLOCK_UPDATE_FAILED = "Block description could not be updated. Please try again.";
