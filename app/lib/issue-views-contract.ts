// What the issue views page and its action exchange with the browser: the loader's data, the
// intents the views post and what the action answers. Client-safe: components import the types,
// the server parses intents with the schema and checks its answers against the types.
import { z } from "zod";
import { IntentId } from "./intents";
import type { IssueWindows } from "../../workers/domain/schemas/issue-windows";
import type { IssueViewsPageData, ViewIssue } from "../../workers/domain/schemas/responses";

export type { IssueListSourceDetail, ViewIssue } from "../../workers/domain/schemas/responses";
export type { IssueGroupPage, IssueWindowGroup, IssueWindows, IssueWindowsAnswer } from "../../workers/domain/schemas/issue-windows";

/** Everything the page's frame shows, with the board clock it was read at; the issues follow it. */
export type IssueViewsFrame = Omit<IssueViewsPageData, "windows">;

/** What the loader answers: the issues (each group's count and first page) are a promise the page streams. */
export type IssueViewsLoaderData = IssueViewsFrame & { windows: Promise<IssueWindows> };
/** What the views render, once the issues have arrived. */
export type IssueViewsData = IssueViewsFrame & { windows: IssueWindows };
export { SOURCE_PARAM, WINDOWS_PARAM } from "../../workers/domain/schemas/issue-windows";


/** What the views post (JSON). The domain functions validate the payloads themselves. */
export const IssueViewsIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("update-issue"), issueId: IntentId, patch: z.record(z.string(), z.unknown()) }),
  z.object({ intent: z.literal("delete-issue"), issueId: IntentId }),
  z.object({ intent: z.literal("bulk-delete"), issue_ids: z.array(IntentId).max(1000) }),
  z.object({ intent: z.literal("display"), view_props: z.record(z.string(), z.unknown()) }),
  z.object({ intent: z.literal("properties"), properties: z.record(z.string(), z.boolean()) }),
  z.object({ intent: z.literal("create-view"), view: z.record(z.string(), z.unknown()) }),
  z.object({ intent: z.literal("update-view"), query_data: z.record(z.string(), z.unknown()) }),
  z.object({ intent: z.literal("add-existing"), issue_ids: z.array(IntentId).min(1).max(1000) }),
]);
export type IssueViewsIntent = z.input<typeof IssueViewsIntentSchema>;

export type IssueViewsActionResult =
  | { ok: true; intent: string; message?: string; id?: string; issue?: ViewIssue }
  | { ok: false; error: string; status: number; fields?: Record<string, string[]> };
