// What the issue views page and its action exchange with the browser: the loader's data, the
// intents the views post and what the action answers. Client-safe: components import the types,
// the server parses intents with the schema and checks its answers against the types.
import { z } from "zod";
import type { ViewProps } from "../../workers/domain/schemas/view-props";
import type { IssuePropertyToggles } from "./issue-display";

/** An issue as the views need it; states, labels and people are looked up by id on the page. */
export interface ViewIssue {
  id: string;
  name: string;
  sequence_id: number;
  priority: string;
  state: string | null;
  assignees: string[];
  labels: string[];
  start_date: string | null;
  target_date: string | null;
  estimate_point: number | null;
  sort_order: number;
  sub_issues_count: number;
  link_count: number;
  attachment_count: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  /** The cycle or module bridge row of the issue on a cycle or module page. */
  bridge_id: string | null;
}

/** Where the page's issues come from, and whether they may be edited. */
export interface IssueListSourceDetail {
  kind: "project" | "cycle" | "module" | "view";
  id: string | null;
  name: string | null;
  /** A completed cycle cannot be edited or receive issues. */
  completed: boolean;
}

/** Everything the page's frame shows; the issues follow it. */
export interface IssueViewsFrame {
  workspaceSlug: string;
  project: { id: string; identifier: string; name: string };
  source: IssueListSourceDetail;
  userId: string;
  role: number;
  canEdit: boolean;
  display: ViewProps;
  properties: { id: string | null; toggles: IssuePropertyToggles };
  states: { id: string; name: string; color: string; group: string }[];
  labels: { id: string; name: string; color: string }[];
  members: { id: string; name: string; email: string; avatar: string }[];
  /** The board clock the page's data was read at; the socket replays what came after (null: unknown). */
  boardClock: number | null;
}

/** What the loader answers: the issues are a promise the page streams. */
export type IssueViewsLoaderData = IssueViewsFrame & { issues: Promise<ViewIssue[]> };
/** What the views render, once the issues have arrived. */
export type IssueViewsData = IssueViewsFrame & { issues: ViewIssue[] };

const intentId = z.string().min(1).max(64);

/** What the views post (JSON). The domain functions validate the payloads themselves. */
export const IssueViewsIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("update-issue"), issueId: intentId, patch: z.record(z.string(), z.unknown()) }),
  z.object({ intent: z.literal("delete-issue"), issueId: intentId }),
  z.object({ intent: z.literal("bulk-delete"), issue_ids: z.array(intentId).max(1000) }),
  z.object({ intent: z.literal("display"), view_props: z.record(z.string(), z.unknown()) }),
  z.object({ intent: z.literal("properties"), properties: z.record(z.string(), z.boolean()) }),
  z.object({ intent: z.literal("create-view"), view: z.record(z.string(), z.unknown()) }),
  z.object({ intent: z.literal("update-view"), query_data: z.record(z.string(), z.unknown()) }),
  z.object({ intent: z.literal("add-existing"), issue_ids: z.array(intentId).min(1).max(1000) }),
]);
export type IssueViewsIntent = z.input<typeof IssueViewsIntentSchema>;

export type IssueViewsActionResult =
  | { ok: true; intent: string; message?: string; id?: string }
  | { ok: false; error: string; status: number; fields?: Record<string, string[]> };
