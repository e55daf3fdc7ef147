// What the tracker tells its integrations: one event per committed change to an issue, comment,
// cycle, module or project, fanned out after commit to the sinks that want the project's events
// (outgoing webhooks, Slack, the GitHub repository sync). A project's `event_sinks` flags say
// which sinks listen, so a write to a project nobody listens to costs nothing beyond the flag check.
import { sql } from "drizzle-orm";
import type { Json } from "../../drizzle/schema";
import type { Db } from "../db";
import { rawStatement } from "../lib/batch";

/** Bit flags of `projects.event_sinks`. */
export const EVENT_SINK = {
  webhooks: 1,
  slack: 2,
  github: 4,
} as const;

export type EventSinkName = keyof typeof EVENT_SINK;

export const EVENT_KINDS = ["issue", "comment", "cycle", "module", "project"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
export type EventAction = "created" | "updated" | "deleted";

/** One field an update changed, as its activity row records it. */
export interface EventChange {
  field: string;
  old_value: Json;
  new_value: Json;
  /** Ids behind the values, when the field refers to something (a state, a label, a member). */
  old_identifier?: string | null;
  new_identifier?: string | null;
}

export interface IntegrationEvent {
  /** Unique per event: outgoing deliveries carry it, so a receiver can drop a repeat. */
  id: string;
  event: EventKind;
  action: EventAction;
  workspace_id: string;
  project_id: string;
  /** The project's `event_sinks` when the change committed: which sinks to hand it to. */
  sinks: number;
  /** Who made the change; a sink skips changes its own bot made (no echo). */
  actor_id: string;
  occurred_at: string;
  /** The entity after the change (before it, for a delete). */
  data: Record<string, Json>;
  /** For an update: the fields it changed. */
  changes?: EventChange[];
}

/** The project as a write knows it: enough to tell whether anyone listens. */
export interface EventProject {
  id: string;
  workspace_id: string;
  event_sinks: number;
}

export const listensTo = (project: Pick<EventProject, "event_sinks">, sink: EventSinkName) => (project.event_sinks & EVENT_SINK[sink]) !== 0;

/** Builds an event for a project's change; null when no integration listens to the project. */
export function eventFor(
  project: EventProject,
  actorId: string,
  event: EventKind,
  action: EventAction,
  data: Record<string, Json>,
  changes?: EventChange[],
): IntegrationEvent | null {
  if (project.event_sinks === 0) return null;
  return {
    id: crypto.randomUUID(),
    event,
    action,
    workspace_id: project.workspace_id,
    project_id: project.id,
    sinks: project.event_sinks,
    actor_id: actorId,
    occurred_at: new Date().toISOString(),
    data,
    ...(changes ? { changes } : {}),
  };
}

/**
 * The statement that recomputes `event_sinks` for the workspace's projects (or one of them) from
 * the integration rows: run it in the same batch as any write that adds, removes, switches on or
 * off a webhook, a Slack channel or a repository sync. Only projects whose value changes are
 * written, so a request that changes no integration writes no row.
 */
export function refreshEventSinks(db: Db, workspaceId: string, projectId?: string) {
  return rawStatement(
    db,
    sql`UPDATE projects SET event_sinks = computed.sinks
    FROM (SELECT p.id,
        (CASE WHEN EXISTS (SELECT 1 FROM webhooks w WHERE w.workspace_id = p.workspace_id AND w.is_active = 1) THEN ${EVENT_SINK.webhooks} ELSE 0 END)
      | (CASE WHEN EXISTS (SELECT 1 FROM slack_project_syncs s WHERE s.project_id = p.id) THEN ${EVENT_SINK.slack} ELSE 0 END)
      | (CASE WHEN EXISTS (SELECT 1 FROM github_repository_syncs g WHERE g.project_id = p.id) THEN ${EVENT_SINK.github} ELSE 0 END) AS sinks
      FROM projects p WHERE p.workspace_id = ${workspaceId}${projectId ? sql` AND p.id = ${projectId}` : sql``}) AS computed
    WHERE projects.id = computed.id AND projects.event_sinks != computed.sinks`,
  );
}
