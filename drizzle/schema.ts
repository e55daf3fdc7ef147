// The one schema: every table of the product. Column and property names are
// snake_case so rows map onto the REST payloads without renaming. Ids are UUID strings, times are
// ISO 8601 UTC strings, dates are YYYY-MM-DD strings (see docs/decisions/003-ids-and-times.md).
import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { API_TOKEN_SCOPES, DEFAULT_API_TOKEN_SCOPE } from "../workers/domain/schemas/api-tokens";

export const nowIso = () => new Date().toISOString();

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const createdAt = () => text("created_at").notNull().$defaultFn(nowIso);
const updatedAt = () =>
  text("updated_at")
    .notNull()
    .$defaultFn(nowIso)
    .$onUpdateFn(nowIso);
const bool = (name: string) => integer(name, { mode: "boolean" });
const json = <T>(name: string) => text(name, { mode: "json" }).$type<T>();

export type Role = 20 | 15 | 10 | 5;
export type StateGroup = "backlog" | "unstarted" | "started" | "completed" | "cancelled";
export type Priority = "urgent" | "high" | "medium" | "low" | "none";
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// ---------------------------------------------------------------- accounts

/**
 * Accounts. `email` is stored trimmed and in lower case, and the unique index on lower(email)
 * keeps two spellings of one address from ever being two accounts (ADR 035).
 */
export const users = sqliteTable(
  "users",
  {
    id: id(),
    email: text("email").notNull().unique(),
    first_name: text("first_name").notNull().default(""),
    last_name: text("last_name").notNull().default(""),
    display_name: text("display_name").notNull().default(""),
    avatar: text("avatar").notNull().default(""),
    password_hash: text("password_hash").notNull(),
    theme: json<Record<string, string | boolean>>("theme"),
    is_bot: bool("is_bot").notNull().default(false),
    /** When the person opened the link mailed to their address; null until then. */
    email_verified_at: text("email_verified_at"),
    last_workspace_id: text("last_workspace_id"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_lower_uq").on(sql`lower(${t.email})`)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: id(),
    token_hash: text("token_hash").notNull().unique(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expires_at: text("expires_at").notNull(),
    created_at: createdAt(),
    /** The browser's User-Agent at sign-in, cut to 300 characters: what the session list names it by. */
    user_agent: text("user_agent").notNull().default(""),
    /** The country Cloudflare placed the sign-in in (`CF-IPCountry`); null when it was not told. */
    ip_country: text("ip_country"),
    /** When the session was last used, written at most every few minutes (workers/auth/sessions.ts). */
    last_seen_at: text("last_seen_at").notNull().default("").$defaultFn(nowIso),
  },
  (t) => [index("sessions_user_idx").on(t.user_id)],
);

export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: id(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    token_hash: text("token_hash").notNull().unique(),
    /** `read` tokens may only read; `read_write` tokens do whatever their owner may. */
    scope: text("scope", { enum: API_TOKEN_SCOPES }).notNull().default(DEFAULT_API_TOKEN_SCOPE),
    /** When the token stops working; null when it never expires. */
    expires_at: text("expires_at"),
    last_used_at: text("last_used_at"),
    created_at: createdAt(),
  },
  (t) => [index("api_tokens_user_idx").on(t.user_id)],
);

// ---------------------------------------------------------------- workspaces

export const workspaces = sqliteTable("workspaces", {
  id: id(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  logo: text("logo").notNull().default(""),
  owner_id: text("owner_id")
    .notNull()
    .references(() => users.id),
  created_at: createdAt(),
  updated_at: updatedAt(),
  /**
   * The workspace hub's live clock as the hub last wrote it here (durable-objects/clock-mirror.ts):
   * never ahead of the hub, so a shell that reads it before its lists is replayed every later notice.
   * Written only by the hub; 1 is the clock of a hub that has published nothing.
   */
  live_clock: integer("live_clock").notNull().default(1),
});

export const workspaceMembers = sqliteTable(
  "workspace_members",
  {
    id: id(),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    member_id: text("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: integer("role").$type<Role>().notNull().default(10),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("workspace_members_ws_member_uq").on(t.workspace_id, t.member_id),
    index("workspace_members_member_idx").on(t.member_id),
  ],
);

export const workspaceInvitations = sqliteTable(
  "workspace_invitations",
  {
    id: id(),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: integer("role").$type<Role>().notNull().default(10),
    invited_by: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * SHA-256 of the invitation link's secret (the link is the proof the invitee owns the address);
     * cleared when the invitation is accepted, so a link works once.
     */
    token_hash: text("token_hash").unique(),
    /** When the link stops working. */
    expires_at: text("expires_at"),
    accepted: bool("accepted").notNull().default(false),
    responded_at: text("responded_at"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("workspace_invitations_ws_email_uq").on(t.workspace_id, t.email),
    index("workspace_invitations_email_idx").on(t.email),
  ],
);

// ---------------------------------------------------------------- projects

export const projects = sqliteTable(
  "projects",
  {
    id: id(),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    identifier: text("identifier").notNull(),
    description: text("description").notNull().default(""),
    network: integer("network").notNull().default(2),
    emoji: text("emoji"),
    icon_prop: json<{ name: string; color: string }>("icon_prop"),
    cover_image: text("cover_image"),
    /**
     * Who took the cover photo, when it came from image search: the photo service's terms ask for
     * the photographer's name and profile link wherever the photo is shown. Null for other covers.
     */
    cover_image_credit: json<{ name: string; profile_url: string }>("cover_image_credit"),
    cycle_view: bool("cycle_view").notNull().default(true),
    module_view: bool("module_view").notNull().default(true),
    issue_views_view: bool("issue_views_view").notNull().default(true),
    page_view: bool("page_view").notNull().default(true),
    estimate_id: text("estimate_id"),
    project_lead: text("project_lead").references(() => users.id, { onDelete: "set null" }),
    default_assignee: text("default_assignee").references(() => users.id, { onDelete: "set null" }),
    created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
    updated_at: updatedAt(),
    // Bumped by triggers (migrations/0001_board_versions.sql), never by application code: any
    // write to the project's issues bumps issues_version; any write to its states, labels,
    // members or its members' names and avatars bumps lookups_version. Caches of what those rows
    // show are checked against them (workers/lib/versioned-cache.ts, ADR 010).
    issues_version: integer("issues_version").notNull().default(0),
    lookups_version: integer("lookups_version").notNull().default(0),
    /**
     * Which integrations want this project's events (bit flags of workers/integrations/events.ts:
     * outgoing webhooks, Slack, GitHub sync). Kept by the integration writes, so a write to a
     * project nobody listens to sends nothing anywhere.
     */
    event_sinks: integer("event_sinks").notNull().default(0),
    /**
     * The project board's live clock as the board last wrote it here (durable-objects/clock-mirror.ts):
     * never ahead of the board, so a page that reads it before its rows is replayed every later change.
     * Written only by the board.
     */
    live_clock: integer("live_clock").notNull().default(0),
  },
  (t) => [
    uniqueIndex("projects_ws_identifier_uq").on(t.workspace_id, t.identifier),
    index("projects_ws_updated_idx").on(t.workspace_id, t.updated_at),
  ],
);

export const projectMembers = sqliteTable(
  "project_members",
  {
    id: id(),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    member_id: text("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: integer("role").$type<Role>().notNull().default(10),
    view_props: json<Record<string, Json>>("view_props"),
    default_props: json<Record<string, Json>>("default_props"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("project_members_project_member_uq").on(t.project_id, t.member_id),
    index("project_members_member_idx").on(t.member_id, t.workspace_id),
  ],
);

export type FavoriteKind = "project" | "cycle" | "module" | "view" | "page";

/** One row per (user, favourited thing); entity_type says which table entity_id points into. */
export const userFavorites = sqliteTable(
  "user_favorites",
  {
    id: id(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    entity_type: text("entity_type").$type<FavoriteKind>().notNull(),
    entity_id: text("entity_id").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("user_favorites_uq").on(t.user_id, t.entity_type, t.entity_id),
    index("user_favorites_ws_idx").on(t.user_id, t.workspace_id, t.entity_type),
  ],
);

// ---------------------------------------------------------------- states, labels, estimates

export const states = sqliteTable(
  "states",
  {
    id: id(),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    color: text("color").notNull().default("#858e96"),
    group: text("group").$type<StateGroup>().notNull().default("backlog"),
    default: bool("default").notNull().default(false),
    sequence: real("sequence").notNull(),
    external_source: text("external_source"),
    external_id: text("external_id"),
    created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("states_project_name_uq").on(t.project_id, t.name),
    index("states_project_sequence_idx").on(t.project_id, t.sequence),
  ],
);

export const labels = sqliteTable(
  "labels",
  {
    id: id(),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    color: text("color").notNull().default("#858E96"),
    parent: text("parent"),
    sort_order: real("sort_order").notNull().default(65535),
    external_source: text("external_source"),
    external_id: text("external_id"),
    created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("labels_project_name_uq").on(t.project_id, t.name),
    index("labels_project_idx").on(t.project_id, t.sort_order),
    index("labels_parent_idx").on(t.parent),
  ],
);

export const estimates = sqliteTable(
  "estimates",
  {
    id: id(),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("estimates_project_name_uq").on(t.project_id, t.name)],
);

export const estimatePoints = sqliteTable(
  "estimate_points",
  {
    id: id(),
    estimate_id: text("estimate_id")
      .notNull()
      .references(() => estimates.id, { onDelete: "cascade" }),
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    key: integer("key").notNull(),
    value: text("value").notNull(),
    description: text("description").notNull().default(""),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("estimate_points_estimate_key_uq").on(t.estimate_id, t.key)],
);

// ---------------------------------------------------------------- issues

export const issueSequences = sqliteTable("issue_sequences", {
  /** One counter row per project; bumped in the same batch as the insert so numbers are never reused. */
  project_id: text("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  last_sequence_id: integer("last_sequence_id").notNull().default(0),
});

/**
 * An issue's place in the priority order: urgent first, none last. The list orders by it and an
 * index holds it; the two must spell it the same for SQLite to match them, so both use this.
 */
export const priorityRank = (priority: AnySQLiteColumn) =>
  sql<number>`(CASE ${priority} WHEN 'urgent' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 WHEN 'low' THEN 3 ELSE 4 END)`;

export const issues = sqliteTable(
  "issues",
  {
    id: id(),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: json<Json>("description"),
    description_html: text("description_html").notNull().default("<p></p>"),
    description_stripped: text("description_stripped").notNull().default(""),
    priority: text("priority").$type<Priority>().notNull().default("none"),
    state_id: text("state_id").references(() => states.id, { onDelete: "restrict" }),
    parent_id: text("parent_id"),
    estimate_point: integer("estimate_point"),
    start_date: text("start_date"),
    target_date: text("target_date"),
    completed_at: text("completed_at"),
    sequence_id: integer("sequence_id").notNull(),
    sort_order: real("sort_order").notNull().default(65535),
    // Denormalised from the bridge tables (which stay the source for filters and integrity) so a
    // list or board reads one row per issue: see docs/decisions/006-issue-list-reads.md.
    assignee_ids: json<string[]>("assignee_ids").notNull().default([]),
    label_ids: json<string[]>("label_ids").notNull().default([]),
    cycle_id: text("cycle_id").references((): AnySQLiteColumn => cycles.id, { onDelete: "set null" }),
    module_id: text("module_id").references((): AnySQLiteColumn => modules.id, { onDelete: "set null" }),
    sub_issues_count: integer("sub_issues_count").notNull().default(0),
    link_count: integer("link_count").notNull().default(0),
    attachment_count: integer("attachment_count").notNull().default(0),
    external_source: text("external_source"),
    external_id: text("external_id"),
    created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
    updated_by: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
    updated_at: updatedAt(),
    // The project's issues_version right after this row's last write, set by a trigger
    // (migrations/0002_issue_row_versions.sql), never by application code: a cached board at
    // version v reads only the rows with row_version > v (ADR 010).
    row_version: integer("row_version").notNull().default(0),
  },
  (t) => [
    uniqueIndex("issues_project_sequence_uq").on(t.project_id, t.sequence_id),
    index("issues_project_row_version_idx").on(t.project_id, t.row_version),
    // Every list order has an index ending in id, so keyset pages read only the rows they return.
    index("issues_project_sort_idx").on(t.project_id, t.sort_order, t.id),
    index("issues_project_created_idx").on(t.project_id, t.created_at, t.id),
    index("issues_project_updated_idx").on(t.project_id, t.updated_at, t.id),
    index("issues_project_priority_rank_idx").on(t.project_id, priorityRank(t.priority), t.sort_order, t.id),
    // Each equality filter of the list (one state, priority, creator, target date, the cycle or
    // module scope) has an index that continues in the default order (sort_order, id): a page
    // filtered by it reads only the rows it returns, in order, whatever the project's size
    // (tests/api/issue-list-query-plans.test.ts holds every filter and order to an index).
    index("issues_project_state_sort_idx").on(t.project_id, t.state_id, t.sort_order, t.id),
    index("issues_project_priority_idx").on(t.project_id, t.priority, t.sort_order, t.id),
    index("issues_project_target_idx").on(t.project_id, t.target_date, t.sort_order, t.id),
    index("issues_project_creator_idx").on(t.project_id, t.created_by, t.sort_order, t.id),
    index("issues_project_cycle_sort_idx").on(t.project_id, t.cycle_id, t.sort_order, t.id),
    index("issues_project_module_sort_idx").on(t.project_id, t.module_id, t.sort_order, t.id),
    // By cycle or module alone: the cycles' and modules' counts per state group, and the foreign keys.
    index("issues_cycle_idx").on(t.cycle_id),
    index("issues_module_idx").on(t.module_id),
    index("issues_parent_idx").on(t.parent_id),
    index("issues_state_idx").on(t.state_id),
    index("issues_external_idx")
      .on(t.project_id, t.external_source, t.external_id)
      .where(sql`external_id IS NOT NULL`),
  ],
);

const issueBridge = () => ({
  id: id(),
  workspace_id: text("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  project_id: text("project_id")
    .notNull()
    .references(() => projects.id, { onDelete: "cascade" }),
  issue_id: text("issue_id")
    .notNull()
    .references(() => issues.id, { onDelete: "cascade" }),
  created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
  created_at: createdAt(),
});

/**
 * Issues that left a project (deleted, or moved to another project), with the project's
 * issues_version at that moment: written by triggers so a cached board can drop them (ADR 010).
 */
export const issueTombstones = sqliteTable(
  "issue_tombstones",
  {
    project_id: text("project_id").notNull(),
    issue_id: text("issue_id").notNull(),
    version: integer("version").notNull(),
  },
  (t) => [index("issue_tombstones_project_version_idx").on(t.project_id, t.version)],
);

export const issueAssignees = sqliteTable(
  "issue_assignees",
  {
    ...issueBridge(),
    assignee_id: text("assignee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [
    uniqueIndex("issue_assignees_uq").on(t.issue_id, t.assignee_id),
    index("issue_assignees_project_assignee_idx").on(t.project_id, t.assignee_id),
  ],
);

export const issueLabels = sqliteTable(
  "issue_labels",
  {
    ...issueBridge(),
    label_id: text("label_id")
      .notNull()
      .references(() => labels.id, { onDelete: "cascade" }),
  },
  (t) => [
    uniqueIndex("issue_labels_uq").on(t.issue_id, t.label_id),
    index("issue_labels_project_label_idx").on(t.project_id, t.label_id),
  ],
);

/** `issue_id` is blocked by `blocked_by_id`. */
export const issueBlockers = sqliteTable(
  "issue_blockers",
  {
    ...issueBridge(),
    blocked_by_id: text("blocked_by_id")
      .notNull()
      .references(() => issues.id, { onDelete: "cascade" }),
  },
  (t) => [
    uniqueIndex("issue_blockers_uq").on(t.issue_id, t.blocked_by_id),
    index("issue_blockers_blocked_by_idx").on(t.blocked_by_id),
  ],
);

export const issueLinks = sqliteTable(
  "issue_links",
  {
    ...issueBridge(),
    title: text("title").notNull().default(""),
    url: text("url").notNull(),
    metadata: json<Record<string, Json>>("metadata"),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("issue_links_issue_url_uq").on(t.issue_id, t.url)],
);

export const issueAttachments = sqliteTable(
  "issue_attachments",
  {
    ...issueBridge(),
    /** R2 object key under FILES. */
    asset_key: text("asset_key").notNull(),
    attributes: json<{ name: string; size: number }>("attributes").notNull(),
    content_type: text("content_type").notNull().default("application/octet-stream"),
    updated_by: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updated_at: updatedAt(),
  },
  (t) => [index("issue_attachments_issue_idx").on(t.issue_id)],
);

export const issueComments = sqliteTable(
  "issue_comments",
  {
    id: id(),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    issue_id: text("issue_id")
      .notNull()
      .references(() => issues.id, { onDelete: "cascade" }),
    actor_id: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    comment_json: json<Json>("comment_json").notNull(),
    comment_html: text("comment_html").notNull(),
    comment_stripped: text("comment_stripped").notNull().default(""),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index("issue_comments_issue_idx").on(t.issue_id, t.created_at)],
);

export const issueActivities = sqliteTable(
  "issue_activities",
  {
    id: id(),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** Kept (set null) when the issue goes so project-level history can still say what happened. */
    issue_id: text("issue_id").references(() => issues.id, { onDelete: "set null" }),
    actor_id: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    verb: text("verb").notNull().default("updated"),
    field: text("field"),
    old_value: text("old_value"),
    new_value: text("new_value"),
    old_identifier: text("old_identifier"),
    new_identifier: text("new_identifier"),
    comment: text("comment").notNull().default(""),
    created_at: createdAt(),
  },
  (t) => [
    index("issue_activities_issue_idx").on(t.issue_id, t.created_at),
    index("issue_activities_project_idx").on(t.project_id, t.created_at),
  ],
);

export const issueProperties = sqliteTable(
  "issue_properties",
  {
    id: id(),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    properties: json<Record<string, boolean>>("properties").notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("issue_properties_user_project_uq").on(t.user_id, t.project_id)],
);

// ---------------------------------------------------------------- cycles and modules

export const cycles = sqliteTable(
  "cycles",
  {
    id: id(),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    start_date: text("start_date"),
    end_date: text("end_date"),
    owned_by: text("owned_by").references(() => users.id, { onDelete: "set null" }),
    view_props: json<Record<string, Json>>("view_props"),
    sort_order: real("sort_order").notNull().default(65535),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index("cycles_project_dates_idx").on(t.project_id, t.start_date, t.end_date)],
);

export const cycleIssues = sqliteTable(
  "cycle_issues",
  {
    ...issueBridge(),
    cycle_id: text("cycle_id")
      .notNull()
      .references(() => cycles.id, { onDelete: "cascade" }),
  },
  // one cycle per issue: the unique issue_id makes "adding elsewhere moves it" a single upsert
  (t) => [uniqueIndex("cycle_issues_issue_uq").on(t.issue_id), index("cycle_issues_cycle_idx").on(t.cycle_id)],
);

export type ModuleStatus = "backlog" | "planned" | "in-progress" | "paused" | "completed" | "cancelled";

export const modules = sqliteTable(
  "modules",
  {
    id: id(),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    status: text("status").$type<ModuleStatus>().notNull().default("backlog"),
    lead_id: text("lead_id").references(() => users.id, { onDelete: "set null" }),
    start_date: text("start_date"),
    target_date: text("target_date"),
    view_props: json<Record<string, Json>>("view_props"),
    sort_order: real("sort_order").notNull().default(65535),
    external_source: text("external_source"),
    external_id: text("external_id"),
    created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index("modules_project_idx").on(t.project_id, t.sort_order)],
);

export const moduleMembers = sqliteTable(
  "module_members",
  {
    id: id(),
    module_id: text("module_id")
      .notNull()
      .references(() => modules.id, { onDelete: "cascade" }),
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    member_id: text("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("module_members_uq").on(t.module_id, t.member_id)],
);

export const moduleIssues = sqliteTable(
  "module_issues",
  {
    ...issueBridge(),
    module_id: text("module_id")
      .notNull()
      .references(() => modules.id, { onDelete: "cascade" }),
  },
  (t) => [uniqueIndex("module_issues_issue_uq").on(t.issue_id), index("module_issues_module_idx").on(t.module_id)],
);

export const moduleLinks = sqliteTable(
  "module_links",
  {
    id: id(),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    module_id: text("module_id")
      .notNull()
      .references(() => modules.id, { onDelete: "cascade" }),
    title: text("title").notNull().default(""),
    url: text("url").notNull(),
    metadata: json<Record<string, Json>>("metadata"),
    created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("module_links_module_url_uq").on(t.module_id, t.url)],
);

// ---------------------------------------------------------------- saved views

export type IssueFilters = {
  type?: "all" | "active" | "backlog" | null;
  state?: string[] | null;
  priority?: string[] | null;
  assignees?: string[] | null;
  labels?: string[] | null;
  created_by?: string[] | null;
  issue__assignees__id?: string[] | null;
  issue__labels__id?: string[] | null;
  target_date?: string[] | null;
};

export const issueViews = sqliteTable(
  "issue_views",
  {
    id: id(),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    query_data: json<IssueFilters>("query_data"),
    created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index("issue_views_project_idx").on(t.project_id, t.created_at)],
);

// ---------------------------------------------------------------- pages

export const pages = sqliteTable(
  "pages",
  {
    id: id(),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** 0 = visible to the project, 1 = only its creator. */
    access: integer("access").$type<0 | 1>().notNull().default(0),
    color: text("color").notNull().default(""),
    created_by: text("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index("pages_project_updated_idx").on(t.project_id, t.updated_at)],
);

export const pageLabels = sqliteTable(
  "page_labels",
  {
    id: id(),
    page_id: text("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    label_id: text("label_id")
      .notNull()
      .references(() => labels.id, { onDelete: "cascade" }),
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
  },
  (t) => [uniqueIndex("page_labels_uq").on(t.page_id, t.label_id)],
);

export const pageBlocks = sqliteTable(
  "page_blocks",
  {
    id: id(),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    page_id: text("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: json<Json>("description"),
    description_html: text("description_html").notNull().default("<p></p>"),
    description_stripped: text("description_stripped").notNull().default(""),
    issue_id: text("issue_id").references(() => issues.id, { onDelete: "set null" }),
    sync: bool("sync").notNull().default(true),
    sort_order: real("sort_order").notNull().default(65535),
    created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index("page_blocks_page_idx").on(t.page_id, t.sort_order)],
);

// ---------------------------------------------------------------- files

export const fileAssets = sqliteTable(
  "file_assets",
  {
    id: id(),
    /** Null for user-level assets (avatars); set for workspace assets (editor images, covers). */
    workspace_id: text("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    asset_key: text("asset_key").notNull().unique(),
    attributes: json<{ name: string; size: number }>("attributes").notNull(),
    content_type: text("content_type").notNull().default("application/octet-stream"),
    size: integer("size").notNull(),
    created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [index("file_assets_ws_idx").on(t.workspace_id)],
);

// ---------------------------------------------------------------- importers and integrations

export type ImportStatus = "queued" | "processing" | "completed" | "failed";
export type ImportService = "github" | "jira" | "csv";

export const importers = sqliteTable(
  "importers",
  {
    id: id(),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    service: text("service").$type<ImportService>().notNull(),
    status: text("status").$type<ImportStatus>().notNull().default("queued"),
    metadata: json<Record<string, Json>>("metadata").notNull(),
    config: json<Record<string, Json>>("config").notNull(),
    data: json<Record<string, Json>>("data").notNull(),
    /** Resumption point and counts, so a retried job continues instead of starting over. */
    progress: json<Record<string, Json>>("progress"),
    error: text("error"),
    /** While a job step runs it holds the importer until this time, so two steps never overlap. */
    lease_until: text("lease_until"),
    /** The last time a page landed (or the import started): the watchdog fails imports idle too long. */
    progressed_at: text("progressed_at"),
    initiated_by: text("initiated_by").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index("importers_ws_idx").on(t.workspace_id, t.created_at),
    index("importers_status_idx").on(t.status, t.progressed_at),
  ],
);

/**
 * What each imported source record became, per project: a rerun or a resumed page finds its rows
 * here and creates nothing twice. `kind` is issue, comment, label, state or module; `source_key`
 * is the record's id in its source (prefixed by the source, e.g. "github:1234").
 */
export const importRecords = sqliteTable(
  "import_records",
  {
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"issue" | "comment" | "label" | "state" | "module">().notNull(),
    source_key: text("source_key").notNull(),
    target_id: text("target_id").notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("import_records_uq").on(t.project_id, t.kind, t.source_key)],
);

export type ExportFormat = "csv" | "json";

/** A project export: a job writes the file to R2 and members download it through the Worker. */
export const projectExports = sqliteTable(
  "project_exports",
  {
    id: id(),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    format: text("format").$type<ExportFormat>().notNull(),
    status: text("status").$type<ImportStatus>().notNull().default("processing"),
    /** R2 key under FILES once written. */
    asset_key: text("asset_key"),
    issue_count: integer("issue_count").notNull().default(0),
    size: integer("size").notNull().default(0),
    error: text("error"),
    initiated_by: text("initiated_by").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index("project_exports_ws_idx").on(t.workspace_id, t.created_at)],
);

/** The app integrations the product offers (github, slack); seeded by a migration. */
export const integrations = sqliteTable("integrations", {
  id: id(),
  provider: text("provider").$type<"github" | "slack">().notNull().unique(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  author: text("author").notNull().default(""),
  avatar_url: text("avatar_url").notNull().default(""),
  metadata: json<Record<string, Json>>("metadata"),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const workspaceIntegrations = sqliteTable(
  "workspace_integrations",
  {
    id: id(),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    integration_id: text("integration_id")
      .notNull()
      .references(() => integrations.id, { onDelete: "cascade" }),
    /** The bot user that writes on the integration's behalf. */
    actor_id: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    metadata: json<Record<string, Json>>("metadata"),
    config: json<Record<string, Json>>("config"),
    created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("workspace_integrations_uq").on(t.workspace_id, t.integration_id)],
);

/**
 * A connection round trip in progress (installing the GitHub App, installing Slack, connecting a
 * project's Slack channel): the `state` handed to the provider, kept only as its SHA-256, bound to
 * the browser session and person that started it, the workspace (and project) and the kind of
 * flow. The callback deletes the row as it reads it, so a state works once.
 */
export const connectionStates = sqliteTable(
  "connection_states",
  {
    id: id(),
    state_hash: text("state_hash").notNull().unique(),
    /** The starting session's token hash: signing out ends its pending round trips. */
    session_hash: text("session_hash")
      .notNull()
      .references(() => sessions.token_hash, { onDelete: "cascade" }),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    project_id: text("project_id").references(() => projects.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["github_install", "slack_install", "slack_channel"] }).notNull(),
    expires_at: text("expires_at").notNull(),
    created_at: createdAt(),
  },
  (t) => [index("connection_states_expires_idx").on(t.expires_at)],
);

export const githubRepositorySyncs = sqliteTable(
  "github_repository_syncs",
  {
    id: id(),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    workspace_integration_id: text("workspace_integration_id")
      .notNull()
      .references(() => workspaceIntegrations.id, { onDelete: "cascade" }),
    repository_id: integer("repository_id").notNull(),
    name: text("name").notNull(),
    owner: text("owner").notNull(),
    url: text("url").notNull(),
    label_id: text("label_id").references(() => labels.id, { onDelete: "set null" }),
    actor_id: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("github_repository_syncs_project_uq").on(t.project_id),
    index("github_repository_syncs_repo_idx").on(t.repository_id),
  ],
);

export const githubIssueSyncs = sqliteTable(
  "github_issue_syncs",
  {
    id: id(),
    repository_sync_id: text("repository_sync_id")
      .notNull()
      .references(() => githubRepositorySyncs.id, { onDelete: "cascade" }),
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    issue_id: text("issue_id")
      .notNull()
      .references(() => issues.id, { onDelete: "cascade" }),
    github_issue_id: integer("github_issue_id").notNull(),
    github_issue_number: integer("github_issue_number").notNull(),
    issue_url: text("issue_url").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("github_issue_syncs_repo_issue_uq").on(t.repository_sync_id, t.github_issue_id),
    index("github_issue_syncs_issue_idx").on(t.issue_id),
  ],
);

export const slackProjectSyncs = sqliteTable(
  "slack_project_syncs",
  {
    id: id(),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    workspace_integration_id: text("workspace_integration_id")
      .notNull()
      .references(() => workspaceIntegrations.id, { onDelete: "cascade" }),
    access_token: text("access_token").notNull(),
    scopes: text("scopes").notNull().default(""),
    bot_user_id: text("bot_user_id").notNull().default(""),
    webhook_url: text("webhook_url").notNull().default(""),
    team_id: text("team_id").notNull().default(""),
    team_name: text("team_name").notNull().default(""),
    channel_id: text("channel_id").notNull().default(""),
    channel_name: text("channel_name").notNull().default(""),
    created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("slack_project_syncs_uq").on(t.project_id, t.workspace_integration_id)],
);

/**
 * One event's post to one project channel: taken once per (channel, event), so a batch of events
 * dispatched again, or a queue message delivered twice, never posts the same news twice.
 */
export const slackPosts = sqliteTable(
  "slack_posts",
  {
    id: id(),
    sync_id: text("sync_id")
      .notNull()
      .references(() => slackProjectSyncs.id, { onDelete: "cascade" }),
    event_id: text("event_id").notNull(),
    /** queued until Slack took it (posted) or refused it for good (refused). */
    status: text("status").$type<"queued" | "posted" | "refused">().notNull().default("queued"),
    /** Slack's timestamp of the posted message (its id in the channel). */
    ts: text("ts"),
    error: text("error"),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("slack_posts_sync_event_uq").on(t.sync_id, t.event_id), index("slack_posts_created_idx").on(t.created_at)],
);

/** Which tracker comment a GitHub comment of a synced issue is, both ways. */
export const githubCommentSyncs = sqliteTable(
  "github_comment_syncs",
  {
    id: id(),
    repository_sync_id: text("repository_sync_id")
      .notNull()
      .references(() => githubRepositorySyncs.id, { onDelete: "cascade" }),
    comment_id: text("comment_id")
      .notNull()
      .references(() => issueComments.id, { onDelete: "cascade" }),
    github_comment_id: integer("github_comment_id").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("github_comment_syncs_repo_comment_uq").on(t.repository_sync_id, t.github_comment_id),
    index("github_comment_syncs_comment_idx").on(t.comment_id),
  ],
);

/**
 * Inbound GitHub deliveries already taken, by X-GitHub-Delivery: a delivery GitHub sends again
 * (or an attacker replays) is answered without being applied twice.
 */
export const githubWebhookDeliveries = sqliteTable(
  "github_webhook_deliveries",
  {
    delivery_id: text("delivery_id").primaryKey(),
    event: text("event").notNull(),
    /**
     * SHA-256 of the signed body, unique: the delivery id header is not covered by GitHub's
     * signature, so a captured delivery replayed under a new id is still recognised.
     */
    body_sha256: text("body_sha256"),
    /** processing until the queued job applied it, then done (or ignored: nothing of ours; failed: gave up). */
    status: text("status").$type<"processing" | "done" | "ignored" | "failed">().notNull().default("processing"),
    /**
     * What the job needs of GitHub's payload (trimmed), kept until it is applied: the queue message
     * names the delivery only, so a lost or oversized message loses nothing (the watchdog re-queues).
     */
    payload: json<Record<string, Json>>("payload"),
    /** Runs of the job so far; a delivery that keeps failing is given up after a few. */
    attempts: integer("attempts").notNull().default(0),
    /** While a run applies it: another run (a redelivered message, the watchdog) leaves it alone. */
    lease_until: text("lease_until"),
    created_at: createdAt(),
    processed_at: text("processed_at"),
  },
  (t) => [
    index("github_webhook_deliveries_status_idx").on(t.status, t.created_at),
    uniqueIndex("github_webhook_deliveries_body_uq").on(t.body_sha256),
  ],
);

/** An outgoing webhook: a URL of the workspace's that receives the events it asked for, signed. */
export const webhooks = sqliteTable(
  "webhooks",
  {
    id: id(),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    /** The shared secret deliveries are signed with (HMAC-SHA256). */
    secret: text("secret").notNull(),
    /** Event kinds wanted: issue, comment, cycle, module, project. */
    events: json<string[]>("events").notNull(),
    is_active: bool("is_active").notNull().default(true),
    /** Why it was switched off automatically (null when on, or switched off by a person). */
    disabled_reason: text("disabled_reason"),
    consecutive_failures: integer("consecutive_failures").notNull().default(0),
    created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index("webhooks_ws_idx").on(t.workspace_id)],
);

/** One event sent (or to be sent) to one webhook, with the answer of its last attempt. */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: id(),
    webhook_id: text("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    action: text("action").notNull(),
    /** The exact JSON body sent (and signed). */
    payload: text("payload").notNull(),
    status: text("status").$type<"pending" | "delivered" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    response_status: integer("response_status"),
    response_body: text("response_body"),
    error: text("error"),
    next_attempt_at: text("next_attempt_at"),
    last_attempt_at: text("last_attempt_at"),
    delivered_at: text("delivered_at"),
    created_at: createdAt(),
  },
  (t) => [
    index("webhook_deliveries_hook_idx").on(t.webhook_id, t.created_at),
    index("webhook_deliveries_due_idx").on(t.status, t.next_attempt_at),
  ],
);

// ---------------------------------------------------------------- mail

/**
 * Every mail the server sends, and its fate: queued until the transport accepts it (sent) or
 * refuses it for good or after its last retry (failed). The row keeps the message itself, so
 * a retry sends the same bytes and the development outbox can show it.
 */
export const mailMessages = sqliteTable(
  "mail_messages",
  {
    id: id(),
    /** What the mail is for: verify-email, password-reset, sign-in-link, invitation, ... */
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    text_body: text("text_body").notNull(),
    html_body: text("html_body").notNull(),
    /** Extra headers (List-Unsubscribe), as a JSON object. */
    headers: text("headers").notNull().default("{}"),
    /** The workspace the mail is about (its owners see it in their mail log), if any. */
    workspace_id: text("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    status: text("status").$type<"queued" | "sent" | "failed">().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** The transport that took it (smtp, cloudflare, outbox) and what it answered. */
    transport: text("transport"),
    transport_answer: text("transport_answer"),
    last_error: text("last_error"),
    next_attempt_at: text("next_attempt_at"),
    sent_at: text("sent_at"),
    created_at: createdAt(),
    updated_at: text("updated_at").notNull().$defaultFn(() => new Date().toISOString()),
  },
  (t) => [
    index("mail_messages_due_idx").on(t.status, t.next_attempt_at),
    index("mail_messages_workspace_idx").on(t.workspace_id, t.created_at),
    index("mail_messages_recipient_idx").on(t.recipient, t.created_at),
    index("mail_messages_created_idx").on(t.created_at),
    // The Mail page's last error and the shell's "mail is failing" banner: the newest failed (or
    // sent) row of a workspace is one seek, whatever the size of its log.
    index("mail_messages_settled_idx").on(t.workspace_id, t.status, t.updated_at),
  ],
);

export type MailMessage = typeof mailMessages.$inferSelect;

/**
 * Single-use links a mail carries for an account (a password reset, an address to verify, a sign-in, a
 * new address to confirm): only the SHA-256 of the link's secret is kept; using it stamps `used_at`
 * in the write it opens.
 */
export const accountTokens = sqliteTable(
  "account_tokens",
  {
    id: id(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<"password-reset" | "verify-email" | "sign-in" | "change-email">().notNull(),
    token_hash: text("token_hash").notNull().unique(),
    /** A sign-in mail's short code, as the SHA-256 of the account id and the code (typed instead of opening the link). */
    code_hash: text("code_hash"),
    /** The address a change-of-address link moves the account to. */
    new_email: text("new_email"),
    expires_at: text("expires_at").notNull(),
    used_at: text("used_at"),
    created_at: createdAt(),
  },
  (t) => [index("account_tokens_user_idx").on(t.user_id, t.purpose)],
);

// ---------------------------------------------------------------- search

/**
 * The integer key each searchable row (issue, cycle, module, saved view, page) has in the
 * full-text index `search_index` (an FTS5 table, hand-written in migrations/0003), which needs
 * integer row ids. Triggers on those tables keep both in step with every write.
 */
export const searchDocuments = sqliteTable("search_documents", {
  id: integer("id").primaryKey(),
  entity_id: text("entity_id").notNull().unique(),
});

// ---------------------------------------------------------------- AI

/**
 * AI assistant requests per user per calendar month. A request takes its unit with one conditional
 * upsert before the provider is asked and gives it back when the provider fails, so concurrent
 * requests can never pass the monthly quota and a failure is never counted.
 */
export const aiUsage = sqliteTable(
  "ai_usage",
  {
    id: id(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Calendar month in UTC, YYYY-MM; the 50-a-month quota counts here. */
    period: text("period").notNull(),
    count: integer("count").notNull().default(0),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("ai_usage_user_period_uq").on(t.user_id, t.period)],
);

// ---------------------------------------------------------------- notifications

/**
 * Who hears about an issue: its creator, its assignees, whoever was mentioned in it or commented
 * on it, and whoever pressed Subscribe; one row per person and issue, removed by Unsubscribe.
 */
export const issueSubscribers = sqliteTable(
  "issue_subscribers",
  {
    id: id(),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    issue_id: text("issue_id")
      .notNull()
      .references(() => issues.id, { onDelete: "cascade" }),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("issue_subscribers_issue_user_uq").on(t.issue_id, t.user_id), index("issue_subscribers_user_idx").on(t.user_id, t.workspace_id)],
);

/** One thing a notification tells: what happened (an assignment, a new state, a comment...), in words kept at the time. */
export interface NotificationChange {
  /**
   * `blocker_closed`: an issue blocking this one was completed or cancelled (`new_value` its key).
   * Told by the clock, with no actor: `due_soon` (the issue is due tomorrow, `new_value` the date),
   * `cycle_started` and `cycle_ended` (`new_value` the cycle's name, `cycle_id` the cycle).
   */
  kind: "assigned" | "unassigned" | "mentioned" | "state" | "priority" | "commented" | "blocker_closed" | "due_soon" | "cycle_started" | "cycle_ended";
  old_value?: string | null;
  new_value?: string | null;
  /** The comment it is about (commented, or mentioned in a comment). */
  comment_id?: string | null;
  /** The cycle it is about (cycle_started, cycle_ended). */
  cycle_id?: string | null;
}

/**
 * A person's notification about one issue: what one actor did to it, the changes listed in order.
 * Changes by the same actor to the same issue within a few minutes join the open (unread)
 * notification instead of making another. Read, archived and snoozed are the recipient's.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    workspace_id: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    project_id: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    issue_id: text("issue_id")
      .notNull()
      .references(() => issues.id, { onDelete: "cascade" }),
    recipient_id: text("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Who did it; null when the time did (a due date near, a cycle starting or ending). */
    actor_id: text("actor_id").references(() => users.id, { onDelete: "cascade" }),
    changes: json<NotificationChange[]>("changes").notNull(),
    /** Whether any of the changes mentions the recipient (the Mentions tab). */
    mentioned: bool("mentioned").notNull().default(false),
    created_at: createdAt(),
    /** When the last change joined it: the inbox's order. */
    updated_at: text("updated_at").notNull().$defaultFn(nowIso),
    read_at: text("read_at"),
    archived_at: text("archived_at"),
    /** Hidden from the inbox until then. */
    snoozed_until: text("snoozed_until"),
    /**
     * How many of `changes` the mail sweep is done with (mailed, or passed over because the
     * recipient wants no mail for them); the changes after it are still to be mailed.
     */
    mailed_changes: integer("mailed_changes").notNull().default(0),
  },
  (t) => [
    index("notifications_inbox_idx").on(t.recipient_id, t.workspace_id, t.updated_at),
    // The mail sweep's work: unread notifications with changes not yet mailed, newest change last.
    index("notifications_mail_pending_idx")
      .on(t.updated_at)
      .where(sql`read_at IS NULL AND archived_at IS NULL AND mailed_changes < json_array_length(changes)`),
    // Covers the unread count: per project the person belongs to, what is unread and awake. The
    // last two columns are null in every entry; SQLite needs them there to answer without the row.
    index("notifications_unread_idx")
      .on(t.recipient_id, t.workspace_id, t.project_id, t.snoozed_until, t.read_at, t.archived_at)
      .where(sql`read_at IS NULL AND archived_at IS NULL`),
    index("notifications_open_idx").on(t.recipient_id, t.issue_id, t.actor_id, t.created_at),
  ],
);

export type Notification = typeof notifications.$inferSelect;

/**
 * A person's choice of notification mail (absent: the defaults): instant mail for mentions and
 * assignments, and a digest of the rest every `digest_hours` (0: no digest). `unsubscribe_secret`
 * signs the person's unsubscribe links, so a mailed link works without a session.
 */
export const notificationMailSettings = sqliteTable("notification_mail_settings", {
  user_id: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  instant: bool("instant").notNull().default(true),
  digest_hours: integer("digest_hours").notNull().default(4),
  unsubscribe_secret: text("unsubscribe_secret")
    .notNull()
    .default(sql`(lower(hex(randomblob(32))))`),
  updated_at: text("updated_at").notNull().$defaultFn(nowIso),
});

export type User = typeof users.$inferSelect;
export type Workspace = typeof workspaces.$inferSelect;
export type Project = typeof projects.$inferSelect;
export type ProjectMember = typeof projectMembers.$inferSelect;
export type WorkspaceMember = typeof workspaceMembers.$inferSelect;
export type State = typeof states.$inferSelect;
export type Issue = typeof issues.$inferSelect;

