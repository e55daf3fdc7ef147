// The answers the OpenAPI document describes with a schema: the error bodies every route shares,
// and the main resources' shapes. The TypeScript interfaces in workers/domain/schemas/responses.ts
// stay the source the code is written against; each schema here is checked against its interface
// at compile time (both ways), so a field added to one and not the other fails the typecheck.
import { z } from "zod";
import type { issueCommentOf } from "../../domain/issue-comments";
import { CYCLE_STATUSES } from "../../domain/cycle-status";
import type { labelOf } from "../../domain/labels";
import type { CycleResponse, ModuleResponse } from "../../domain/schemas/issue-group-responses";
import { STATE_GROUPS } from "../../domain/schemas/constants";
import type { meOf } from "../../domain/serializers";
import type { stateOf } from "../../domain/states";
import type { IssueDetail, IssueListItem, LabelDetail, MemberDetail, ProjectView, RelatedIssue, StateDetail } from "../../domain/schemas/responses";

/** Compiles only when A and B accept the same values. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;

/** A 400 about fields: each field's messages, the first rule it broke first. `body` names the whole body. */
export const FieldErrorsBody = z.record(z.string(), z.array(z.string())).meta({
  id: "FieldErrors",
  description: 'Messages per field, as the payload names the field: `{"name": ["Name is required"]}`. A nested field is dotted (`emails.0.email`).',
});

/** Every other refusal: one message for the person. */
export const ErrorBody = z.object({ error: z.string() }).meta({ id: "Error", description: "What went wrong, in a sentence meant for a person." });

const json = z.unknown().meta({ description: "Any JSON value." });
const nullable = <T extends z.ZodType>(schema: T) => schema.nullable();

export const MemberDetailSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    display_name: z.string(),
    avatar: z.string(),
    is_bot: z.boolean(),
  })
  .meta({ id: "MemberDetail" });

export const StateDetailSchema = z.object({ id: z.string(), name: z.string(), color: z.string(), group: z.string() }).meta({ id: "StateDetail" });
export const LabelDetailSchema = z.object({ id: z.string(), name: z.string(), color: z.string() }).meta({ id: "LabelDetail" });

const RelatedIssueSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    sequence_id: z.number(),
    state_detail: nullable(StateDetailSchema),
    project_detail: z.object({ id: z.string(), identifier: z.string() }),
  })
  .meta({ id: "RelatedIssue" });

const issueListFields = {
  id: z.string(),
  name: z.string(),
  sequence_id: z.number().int(),
  priority: z.string(),
  state: z.string().nullable(),
  state_detail: nullable(StateDetailSchema),
  parent: z.string().nullable(),
  parent_detail: z
    .object({ id: z.string(), name: z.string(), sequence_id: z.number(), project_detail: z.object({ id: z.string(), identifier: z.string() }) })
    .nullable(),
  estimate_point: z.number().nullable(),
  start_date: z.string().nullable(),
  target_date: z.string().nullable(),
  completed_at: z.string().nullable(),
  sort_order: z.number(),
  project: z.string(),
  project_detail: z.object({ id: z.string(), identifier: z.string(), name: z.string() }),
  workspace: z.string(),
  workspace_detail: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  assignees: z.array(z.string()),
  assignee_details: z.array(MemberDetailSchema),
  labels: z.array(z.string()),
  label_details: z.array(LabelDetailSchema),
  sub_issues_count: z.number(),
  link_count: z.number(),
  attachment_count: z.number(),
  cycle: z.string().nullable(),
  module: z.string().nullable(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
};

/** An issue as lists, boards and the live board carry it. */
export const IssueListItemSchema = z.object(issueListFields).meta({ id: "IssueListItem" });

const IssueLinkSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    url: z.string(),
    metadata: z.record(z.string(), json),
    created_at: z.string(),
    updated_at: z.string(),
    created_by: z.string().nullable(),
    created_by_detail: nullable(MemberDetailSchema),
  })
  .meta({ id: "IssueLink" });

/** One issue with everything its page shows beside the list fields. */
export const IssueSchema = z
  .object({
    ...issueListFields,
    description: json,
    description_html: z.string(),
    description_stripped: z.string(),
    blockers_list: z.array(z.string()),
    blocks_list: z.array(z.string()),
    blocker_issues: z.array(RelatedIssueSchema),
    blocked_issues: z.array(RelatedIssueSchema),
    issue_link: z.array(IssueLinkSchema),
    issue_cycle: z
      .object({
        id: z.string(),
        cycle: z.string(),
        cycle_detail: z.object({ id: z.string(), name: z.string(), start_date: z.string().nullable(), end_date: z.string().nullable() }),
      })
      .nullable(),
    issue_module: z
      .object({ id: z.string(), module: z.string(), module_detail: z.object({ id: z.string(), name: z.string(), status: z.string() }) })
      .nullable(),
  })
  .meta({ id: "Issue" });

/** A keyset page of issues: `per_page` rows, and the cursor of the next page (null on the last). */
export const IssuePageSchema = z.object({ results: z.array(IssueListItemSchema), next_cursor: z.string().nullable() }).meta({ id: "IssuePage" });

export const ProjectSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    identifier: z.string(),
    description: z.string(),
    network: z.number(),
    emoji: z.string().nullable(),
    icon_prop: z.object({ name: z.string(), color: z.string() }).nullable(),
    cover_image: z.string().nullable(),
    cover_image_credit: z.object({ name: z.string(), profile_url: z.string() }).nullable(),
    cycle_view: z.boolean(),
    module_view: z.boolean(),
    issue_views_view: z.boolean(),
    page_view: z.boolean(),
    estimate: z.string().nullable(),
    project_lead: z.string().nullable(),
    default_assignee: z.string().nullable(),
    workspace: z.string(),
    workspace_detail: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
    is_member: z.boolean(),
    member_role: z.number().nullable(),
    is_favorite: z.boolean(),
    created_by: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Project" });

export const CommentSchema = z
  .object({
    id: z.string(),
    actor: z.string().nullable(),
    actor_detail: nullable(MemberDetailSchema),
    comment_json: json,
    comment_html: z.string(),
    comment_stripped: z.string(),
    issue: z.string(),
    project: z.string(),
    workspace: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Comment" });

const projectDetail = z.object({ id: z.string(), identifier: z.string(), name: z.string() });
const workspaceDetail = z.object({ id: z.string(), slug: z.string(), name: z.string() });

export const StateSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    color: z.string(),
    group: z.enum(STATE_GROUPS),
    default: z.boolean(),
    sequence: z.number(),
    project: z.string(),
    workspace: z.string(),
    created_by: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "State" });

export const LabelSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    color: z.string(),
    parent: z.string().nullable(),
    sort_order: z.number(),
    project: z.string(),
    workspace: z.string(),
    project_detail: projectDetail,
    workspace_detail: workspaceDetail,
    created_by: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Label" });

/** Issue counts per state group and estimate sums of a cycle or a module. */
const issueGroupStats = {
  total_issues: z.number(),
  backlog_issues: z.number(),
  unstarted_issues: z.number(),
  started_issues: z.number(),
  completed_issues: z.number(),
  cancelled_issues: z.number(),
  total_estimate_points: z.number().nullable(),
  completed_estimate_points: z.number().nullable(),
};

export const CycleSchema = z
  .object({
    ...issueGroupStats,
    id: z.string(),
    name: z.string(),
    description: z.string(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    status: z.enum(CYCLE_STATUSES),
    project: z.string(),
    workspace: z.string(),
    owned_by: z.string().nullable(),
    owned_by_detail: MemberDetailSchema.nullable(),
    assignees: z.array(MemberDetailSchema),
    is_favorite: z.boolean(),
    sort_order: z.number(),
    view_props: json,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Cycle" });

const ModuleLinkSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    url: z.string(),
    metadata: json,
    module: z.string(),
    project: z.string(),
    workspace: z.string(),
    created_by: z.string().nullable(),
    created_by_detail: MemberDetailSchema.nullable(),
    created_at: z.string(),
  })
  .meta({ id: "ModuleLink" });

export const ModuleSchema = z
  .object({
    ...issueGroupStats,
    id: z.string(),
    name: z.string(),
    description: z.string(),
    status: z.string(),
    start_date: z.string().nullable(),
    target_date: z.string().nullable(),
    lead: z.string().nullable(),
    lead_detail: MemberDetailSchema.nullable(),
    members: z.array(z.string()),
    members_detail: z.array(MemberDetailSchema),
    link_module: z.array(ModuleLinkSchema),
    is_favorite: z.boolean(),
    sort_order: z.number(),
    view_props: json,
    project: z.string(),
    workspace: z.string(),
    created_by: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Module" });

/** The signed-in person as they read themselves. */
export const MeSchema = MemberDetailSchema.extend({
  theme: json,
  is_email_verified: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
}).meta({ id: "Me" });

/** The compile-time checks that each schema answers what its interface declares. */
export type ResponseSchemaChecks = [
  Assert<Same<z.output<typeof MemberDetailSchema>, MemberDetail>>,
  Assert<Same<z.output<typeof LabelDetailSchema>, LabelDetail>>,
  Assert<Same<z.output<typeof RelatedIssueSchema>, Omit<RelatedIssue, "state_detail"> & { state_detail: z.output<typeof StateDetailSchema> | null }>>,
  Assert<Same<Omit<z.output<typeof IssueListItemSchema>, "state_detail">, Omit<IssueListItem, "state_detail">>>,
  Assert<Same<keyof z.output<typeof IssueSchema>, keyof IssueDetail>>,
  Assert<Same<z.output<typeof ProjectSchema>, ProjectView>>,
  Assert<Same<keyof z.output<typeof StateDetailSchema>, keyof StateDetail>>,
  Assert<Same<Omit<z.output<typeof CommentSchema>, "comment_json">, Omit<ReturnType<typeof issueCommentOf>, "comment_json">>>,
  Assert<Same<Omit<z.output<typeof MeSchema>, "theme">, Omit<ReturnType<typeof meOf>, "theme">>>,
  Assert<Same<z.output<typeof StateSchema>, ReturnType<typeof stateOf>>>,
  Assert<Same<z.output<typeof LabelSchema>, ReturnType<typeof labelOf>>>,
  Assert<Same<z.output<typeof CycleSchema>, CycleResponse>>,
  Assert<Same<z.output<typeof ModuleSchema>, ModuleResponse>>,
];
