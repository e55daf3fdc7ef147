// The outgoing webhook deliveries, described for the document's `webhooks` section: the body the
// webhooks sink sends (workers/integrations/webhooks/sink.ts, deliveryPayload) and, per event kind,
// the entity's fields as the integration events carry them (workers/domain/issues/events.ts,
// issue-comments.ts, entity-events.ts). A receiver generates its types from these.
import { z } from "zod";
import type { EVENT_KINDS } from "../../domain/integration-events";
import { CycleSchema, MemberDetailSchema, ModuleSchema, ProjectSchema } from "./responses";

const ref = z.object({ id: z.string(), slug: z.string() });
const projectRef = z.object({ id: z.string(), identifier: z.string(), name: z.string() });
const json = z.unknown();

const IssueEventData = z
  .object({
    id: z.string(),
    sequence_id: z.number().int(),
    identifier: z.string().meta({ description: "The project's identifier and the sequence number: `DEMO-12`." }),
    name: z.string(),
    description_html: z.string(),
    priority: z.string(),
    state: z.object({ id: z.string(), name: z.string().optional(), group: z.string().optional() }).nullable(),
    assignee_ids: z.array(z.string()),
    label_ids: z.array(z.string()),
    parent_id: z.string().nullable(),
    cycle_id: z.string().nullable(),
    module_id: z.string().nullable(),
    start_date: z.string().nullable(),
    target_date: z.string().nullable(),
    project: projectRef,
    workspace: ref,
    created_by: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "WebhookIssue" });

const CommentEventData = z
  .object({
    id: z.string(),
    actor: z.string().nullable(),
    actor_detail: MemberDetailSchema.nullable(),
    comment_html: z.string(),
    comment_stripped: z.string(),
    issue: z.string(),
    project: z.string(),
    workspace: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "WebhookComment" });

// A cycle and a module as stored: the answer's own columns, with the project and workspace named.
const CycleEventData = CycleSchema.pick({ id: true, name: true, description: true, start_date: true, end_date: true, owned_by: true, created_at: true, updated_at: true })
  .extend({ project: projectRef, workspace: ref })
  .meta({ id: "WebhookCycle" });

const ModuleEventData = ModuleSchema.pick({ id: true, name: true, description: true, status: true, start_date: true, target_date: true, created_at: true, updated_at: true })
  .extend({ lead_id: z.string().nullable(), project: projectRef, workspace: ref })
  .meta({ id: "WebhookModule" });

// The project as it is stored: the answer's columns, the estimate's id under its column name.
const ProjectEventData = ProjectSchema.pick({
  id: true,
  name: true,
  identifier: true,
  description: true,
  network: true,
  emoji: true,
  cover_image: true,
  project_lead: true,
  default_assignee: true,
  created_by: true,
  created_at: true,
  updated_at: true,
})
  .extend({ estimate_id: z.string().nullable(), workspace: ref })
  .meta({ id: "WebhookProject" });

const EventChange = z
  .object({
    field: z.string(),
    old_value: json,
    new_value: json,
    old_identifier: z.string().nullable().optional().meta({ description: "The id behind the old value, when the field refers to something." }),
    new_identifier: z.string().nullable().optional(),
  })
  .meta({ id: "WebhookChange" });

const DATA = { issue: IssueEventData, comment: CommentEventData, cycle: CycleEventData, module: ModuleEventData, project: ProjectEventData } as const satisfies Record<
  (typeof EVENT_KINDS)[number],
  z.ZodType
>;

/** The body of a delivery of one event kind. */
export function deliveryBody(kind: (typeof EVENT_KINDS)[number]) {
  return z
    .object({
      id: z.string().meta({ description: "The event's id: the same on a redelivery, so a receiver can drop a repeat." }),
      event: z.literal(kind),
      action: z.enum(["created", "updated", "deleted"]),
      workspace_id: z.string(),
      project_id: z.string(),
      actor_id: z.string(),
      occurred_at: z.string().meta({ description: "When the change committed (ISO 8601)." }),
      data: DATA[kind].meta({ description: "The entity after the change (before it, for a delete)." }),
      changes: z.array(EventChange).optional().meta({ description: "For an update: the fields it changed." }),
    })
    .meta({ id: `Webhook${kind[0].toUpperCase()}${kind.slice(1)}Delivery` });
}

/** The headers every delivery carries. */
export const DELIVERY_HEADERS = [
  { name: "X-Tracker-Event", description: "`{kind}.{action}`, such as `issue.created`." },
  { name: "X-Tracker-Delivery", description: "This delivery's id (a redelivery has a new one)." },
  { name: "X-Tracker-Timestamp", description: "Unix seconds when this attempt was signed; refuse one more than 5 minutes from your clock." },
  {
    name: "X-Tracker-Signature",
    description: "`sha256=` and the lowercase hex HMAC-SHA256 of `{timestamp}.{raw body}`, keyed with the webhook's secret; compare in constant time.",
  },
];
