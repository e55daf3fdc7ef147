// What the saved views page exchanges with the browser: its loader's data, the JSON intents its
// controls and the view dialog post, and what the action answers. Client-safe: components import
// the types; the server parses intents with the schema. The view's own fields are checked by the
// domain (workers/domain/schemas/views.ts), which answers their messages per field.
import { z } from "zod";
import type { ViewsPageData } from "../../workers/domain/schemas/responses";
import { IntentId } from "./intents";

export type { FilterLookups, SavedViewSummary, ViewsPageData } from "../../workers/domain/schemas/responses";

/** What the loader answers. */
export type ViewsPageLoaderData = ViewsPageData;

const viewBody = z.record(z.string(), z.unknown());

export const ViewsPageIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create-view"), view: viewBody }),
  z.object({ intent: z.literal("update-view"), view_id: IntentId, view: viewBody }),
  z.object({ intent: z.literal("delete-view"), view_id: IntentId }),
  z.object({ intent: z.literal("favorite-view"), view_id: IntentId }),
  z.object({ intent: z.literal("unfavorite-view"), view_id: IntentId }),
]);
export type ViewsPageIntent = z.input<typeof ViewsPageIntentSchema>;

/** The action's answer: the created view's id, or the failure with any field messages (400). */
export type ViewsPageAnswer =
  | { ok: true; intent: ViewsPageIntent["intent"]; id?: string }
  | { ok: false; error: string; status: number; intent?: string; fields?: Record<string, string[]> };
