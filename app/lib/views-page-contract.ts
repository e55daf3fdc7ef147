// What the saved views page exchanges with the browser: its loader's data, the JSON intents its
// controls and the view dialog post, and what the action answers. Client-safe: components import
// the types; the server parses intents with the schema. The view's own fields are checked by the
// domain (workers/domain/schemas/views.ts), which answers their messages per field.
import type { z } from "zod";
import type { ViewsPageData } from "../../workers/domain/schemas/responses";
import { type IntentAnswer, rowListIntents } from "./intents";

export type { FilterLookups, SavedViewSummary, ViewsPageData } from "../../workers/domain/schemas/responses";

/** What the loader answers. */
export type ViewsPageLoaderData = ViewsPageData;

export const ViewsPageIntentSchema = rowListIntents("view");
export type ViewsPageIntent = z.input<typeof ViewsPageIntentSchema>;

/** The action's answer: the created view's id, or the failure with any field messages (400). */
export type ViewsPageAnswer = IntentAnswer<ViewsPageIntent>;
