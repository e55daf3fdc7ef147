// The integration events an issue write emits (after commit, only when the project has listeners):
// the issue as integrations read it, with its state's group, and for an update the fields changed.
import type { Issue, Json } from "../../../drizzle/schema";
import { type EventAction, type EventChange, eventFor } from "../integration-events";
import type { ProjectAccess } from "../access";
import type { ActorContext } from "../context";
import type { ActivityChange } from "../issue-activity";
import type { ProjectLookups } from "../issue-views";

/** The issue as an integration event carries it. */
export function issueEventData(access: ProjectAccess, issue: Issue, lookups?: ProjectLookups): Record<string, Json> {
  const state = issue.state_id ? lookups?.states.get(issue.state_id) : undefined;
  return {
    id: issue.id,
    sequence_id: issue.sequence_id,
    identifier: `${access.project.identifier}-${issue.sequence_id}`,
    name: issue.name,
    description_html: issue.description_html,
    priority: issue.priority,
    state: state ? { id: state.id, name: state.name, group: state.group } : issue.state_id ? { id: issue.state_id } : null,
    assignee_ids: issue.assignee_ids,
    label_ids: issue.label_ids,
    parent_id: issue.parent_id,
    cycle_id: issue.cycle_id,
    module_id: issue.module_id,
    start_date: issue.start_date,
    target_date: issue.target_date,
    project: { id: access.project.id, identifier: access.project.identifier, name: access.project.name },
    workspace: { id: access.workspace.id, slug: access.workspace.slug },
    created_by: issue.created_by,
    created_at: issue.created_at,
    updated_at: issue.updated_at,
  };
}

const changeOf = (change: ActivityChange): EventChange => ({
  field: change.field,
  old_value: change.old_value ?? null,
  new_value: change.new_value ?? null,
  old_identifier: change.old_identifier ?? null,
  new_identifier: change.new_identifier ?? null,
});

/** Emits "issue {action}" to the project's integrations (nothing when none listens). */
export function emitIssueEvent(
  ctx: ActorContext,
  access: ProjectAccess,
  action: EventAction,
  issue: Issue,
  lookups?: ProjectLookups,
  changes?: ActivityChange[],
) {
  // Most projects have no integration: then not even the event's data is built.
  if (access.project.event_sinks === 0) return;
  ctx.effects.emit(eventFor(access.project, ctx.actor.id, "issue", action, issueEventData(access, issue, lookups), changes?.map(changeOf)));
}
