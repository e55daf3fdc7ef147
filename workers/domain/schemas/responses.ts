// The shapes the domain answers with, declared rather than inferred, so the browser can name them
// without importing server modules. The server's shapers are checked against these types where
// the pages hand them over (`satisfies`), so a field added on one side and not the other fails
// the typecheck. Types only: nothing here reaches the browser bundle.
import type { FavoriteKind, IssueFilters, Json, StateGroup } from "../../../drizzle/schema";
import type { IssuePropertyToggles } from "./issue-properties";
import type { ViewProps } from "./view-props";
import type { IssueWindows } from "./issue-windows";

/** A user as other rows show them (assignees, actors, creators). */
export interface MemberDetail {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  display_name: string;
  avatar: string;
  is_bot: boolean;
}

/** A project as the API and the workspace shell answer it (a type, not an interface: it travels as a JSON record). */
export type ProjectView = {
  id: string;
  name: string;
  identifier: string;
  description: string;
  network: number;
  emoji: string | null;
  icon_prop: { name: string; color: string } | null;
  cover_image: string | null;
  /** The photographer of a cover picked from image search (name and profile link), else null. */
  cover_image_credit: { name: string; profile_url: string } | null;
  cycle_view: boolean;
  module_view: boolean;
  issue_views_view: boolean;
  page_view: boolean;
  estimate: string | null;
  project_lead: string | null;
  default_assignee: string | null;
  workspace: string;
  workspace_detail: { id: string; slug: string; name: string };
  is_member: boolean;
  member_role: number | null;
  is_favorite: boolean;
  created_by: string | null;
  created_at: string;
  updated_at: string;
};

export interface StateDetail {
  id: string;
  name: string;
  color: string;
  group: StateGroup | string;
}

export interface LabelDetail {
  id: string;
  name: string;
  color: string;
}

/** Another issue as a relation (parent, blocker) shows it. */
export interface RelatedIssue {
  id: string;
  name: string;
  sequence_id: number;
  state_detail: StateDetail | null;
  project_detail: { id: string; identifier: string };
}

/** An issue as lists, boards and the live board carry it. */
export interface IssueListItem {
  id: string;
  name: string;
  sequence_id: number;
  priority: string;
  state: string | null;
  state_detail: StateDetail | null;
  parent: string | null;
  parent_detail: { id: string; name: string; sequence_id: number; project_detail: { id: string; identifier: string } } | null;
  estimate_point: number | null;
  start_date: string | null;
  target_date: string | null;
  completed_at: string | null;
  sort_order: number;
  project: string;
  project_detail: { id: string; identifier: string; name: string };
  workspace: string;
  workspace_detail: { id: string; slug: string; name: string };
  assignees: string[];
  assignee_details: MemberDetail[];
  labels: string[];
  label_details: LabelDetail[];
  sub_issues_count: number;
  link_count: number;
  attachment_count: number;
  cycle: string | null;
  module: string | null;
  created_by: string | null;
  updated_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface IssueLinkView {
  id: string;
  title: string;
  url: string;
  metadata: Record<string, Json>;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  created_by_detail: MemberDetail | null;
}

/** One issue with everything its page shows beside the list fields. */
export interface IssueDetail extends IssueListItem {
  description: Json;
  description_html: string;
  description_stripped: string;
  blockers_list: string[];
  blocks_list: string[];
  blocker_issues: RelatedIssue[];
  blocked_issues: RelatedIssue[];
  issue_link: IssueLinkView[];
  issue_cycle: { id: string; cycle: string; cycle_detail: { id: string; name: string; start_date: string | null; end_date: string | null } } | null;
  issue_module: { id: string; module: string; module_detail: { id: string; name: string; status: string } } | null;
}

interface HistoryEntryBase {
  id: string;
  actor: string | null;
  actor_detail: MemberDetail | null;
  issue: string | null;
  project: string;
  workspace_detail: { slug: string };
  created_at: string;
}

/** A change to an issue, in the order it happened. */
export interface ActivityEntry extends HistoryEntryBase {
  type: "activity";
  field: string | null;
  verb: string;
  old_value: string | null;
  new_value: string | null;
  old_identifier: string | null;
  new_identifier: string | null;
  comment: string | null;
}

export interface CommentEntry extends HistoryEntryBase {
  type: "comment";
  comment_json: Json;
  comment_html: string;
  comment_stripped: string;
  updated_at: string;
}

/** An issue's history: activities and comments merged by time. */
export type HistoryEntry = ActivityEntry | CommentEntry;

/** Everything the issue page shows, read when it loads. */
export interface IssuePageData {
  /** The page edits from the sanitised HTML; the ProseMirror JSON stays on the server. */
  issue: Omit<IssueDetail, "description" | "description_stripped">;
  states: { id: string; name: string; color: string; group: string; default: boolean }[];
  labels: { id: string; name: string; color: string; parent: string | null }[];
  members: { id: string; name: string; first_name: string; email: string; avatar: string; role: number }[];
  estimates: { id: string; points: { key: number; value: string }[] }[];
  subIssues: {
    state_distribution: Record<string, number>;
    sub_issues: {
      id: string;
      name: string;
      sequence_id: number;
      priority: string;
      state_detail: StateDetail | null;
      assignees: string[];
      labels: string[];
    }[];
  };
  attachments: { id: string; asset: string; attributes: { name: string; size: number }; updated_at: string; updated_by: string | null }[];
  activity: HistoryEntry[];
  viewer: { id: string };
}

/** How a member is named where the page lists people: full name, else display name, else email. */
export function memberName(member: { display_name?: string | null; first_name?: string | null; last_name?: string | null; email?: string | null }) {
  const full = [member.first_name, member.last_name].filter(Boolean).join(" ");
  return full || member.display_name || member.email || "Unknown";
}

// ---------------------------------------------------------------- the issue views page

/** Where an issue views page's issues come from: the project, a cycle, a module or a saved view. */
export type IssueListSource =
  | { kind: "project" }
  | { kind: "cycle"; cycleId: string }
  | { kind: "module"; moduleId: string }
  | { kind: "view"; viewId: string };

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
  /** The issue's cycle and module (ids, as its REST row names them). */
  cycle: string | null;
  module: string | null;
  /** The cycle or module bridge row of the issue on a cycle or module page. */
  bridge_id: string | null;
}

/** The source a page lists, and whether its issues may be edited. */
export interface IssueListSourceDetail {
  kind: IssueListSource["kind"];
  id: string | null;
  name: string | null;
  /** A completed cycle cannot be edited or receive issues. */
  completed: boolean;
}

/** What the issue views page's frame shows (the issues follow it). */
export interface IssueViewsFrame {
  workspaceSlug: string;
  project: { id: string; identifier: string; name: string };
  source: IssueListSourceDetail;
  userId: string;
  role: number;
  canEdit: boolean;
  display: ViewProps;
  properties: { id: string | null; toggles: IssuePropertyToggles };
  states: FilterLookups["states"];
  labels: FilterLookups["labels"];
  members: FilterLookups["members"];
  /**
   * The live board's clock, read with the access check and so before every row of the page: the
   * socket connects from it and is replayed every change those rows may lack (ADR 062).
   */
  boardClock: number;
}

/** The issue views page as the domain reads it: the frame now, the issues as a promise. */
export type IssueViewsPageData = IssueViewsFrame & { windows: Promise<IssueWindows> };

// ---------------------------------------------------------------- the saved views page

/** A saved view as its list shows it. */
export interface SavedViewSummary {
  id: string;
  name: string;
  description: string;
  query_data: IssueFilters;
  is_favorite: boolean;
  created_by: string | null;
  updated_at: string;
}

/** The project's states, labels and members as the filter pickers offer them. */
export interface FilterLookups {
  states: { id: string; name: string; color: string; group: string }[];
  labels: { id: string; name: string; color: string }[];
  members: { id: string; name: string; email: string; avatar: string }[];
}

/** The saved views page: the project's views (favourites first) and what their filters name. */
export interface ViewsPageData extends FilterLookups {
  project: { id: string; identifier: string; name: string };
  role: number;
  /** Members and owners create, edit and delete views; viewers and guests only read them. */
  canEdit: boolean;
  views: SavedViewSummary[];
}

/** A search result that lives in a project (issue, cycle, module, saved view, page). */
type SearchProjectItem = { id: string; name: string; project_id: string; project__identifier: string; workspace__slug: string };

/** Workspace search's answer: every group, each at most a handful of rows, best first. */
export interface SearchResults {
  workspace: { id: string; name: string; slug: string }[];
  project: { id: string; name: string; identifier: string; workspace__slug: string }[];
  issue: (SearchProjectItem & { sequence_id: number })[];
  cycle: SearchProjectItem[];
  module: SearchProjectItem[];
  issue_view: SearchProjectItem[];
  page: SearchProjectItem[];
}

/** Which optional services this server has (the pages hide the entry points of those it lacks). */
export interface ServiceFeatures {
  /** The AI assistant and AI descriptions. */
  ai: boolean;
  /** Image search in the cover picker (needs an Unsplash access key). */
  imageSearch: boolean;
}

/** A favourite inside a project (a cycle, module, view or page) the sidebar links to. */
export interface SidebarFavorite {
  id: string;
  kind: Exclude<FavoriteKind, "project">;
  entity_id: string;
  project_id: string;
  name: string;
}
