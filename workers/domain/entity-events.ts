// The integration events cycle, module and project writes emit (after commit, only when the
// project has listeners): the row as integrations read it, and for an update the fields it changed.
import type { Json, Project } from "../../drizzle/schema";
import type { cycles, modules } from "../../drizzle/schema";
import { pick } from "../lib/pick";
import { type EventAction, type EventChange, type EventKind, type EventProject, eventFor } from "./integration-events";
import type { ActorContext } from "./context";

type Cycle = typeof cycles.$inferSelect;
type Module = typeof modules.$inferSelect;
type Ref = { id: string; slug: string };

const projectRef = (project: Pick<Project, "id" | "identifier" | "name">) => ({ id: project.id, identifier: project.identifier, name: project.name });

export function cycleEventData(cycle: Cycle, project: Pick<Project, "id" | "identifier" | "name">, workspace: Ref): Record<string, Json> {
  return {
    ...pick(cycle, ["id", "name", "description", "start_date", "end_date", "owned_by"]),
    project: projectRef(project),
    workspace: { id: workspace.id, slug: workspace.slug },
    ...pick(cycle, ["created_at", "updated_at"]),
  };
}

type ModuleFields = Pick<Module, "id" | "name" | "description" | "status" | "lead_id" | "start_date" | "target_date" | "created_at" | "updated_at">;

export function moduleEventData(module: ModuleFields, project: Pick<Project, "id" | "identifier" | "name">, workspace: Ref): Record<string, Json> {
  return {
    ...pick(module, ["id", "name", "description", "status", "lead_id", "start_date", "target_date"]),
    project: projectRef(project),
    workspace: { id: workspace.id, slug: workspace.slug },
    ...pick(module, ["created_at", "updated_at"]),
  };
}

/** The project columns an integration event carries as they are stored. */
const PROJECT_EVENT_FIELDS = [
  "id",
  "name",
  "identifier",
  "description",
  "network",
  "emoji",
  "cover_image",
  "project_lead",
  "default_assignee",
  "estimate_id",
  "created_by",
  "created_at",
  "updated_at",
] as const satisfies readonly (keyof Project)[];

export function projectEventData(project: Project, workspace: Ref): Record<string, Json> {
  return {
    ...pick(project, PROJECT_EVENT_FIELDS),
    workspace: { id: workspace.id, slug: workspace.slug },
  };
}

/** The fields whose values differ between two versions of a row (timestamps aside). */
export function changesBetween(before: Record<string, Json>, after: Record<string, Json>): EventChange[] {
  const changes: EventChange[] = [];
  for (const field of Object.keys(after)) {
    if (field === "updated_at" || field === "created_at") continue;
    const oldValue = before[field] ?? null;
    const newValue = after[field] ?? null;
    if (JSON.stringify(oldValue) !== JSON.stringify(newValue)) changes.push({ field, old_value: oldValue, new_value: newValue });
  }
  return changes;
}

/** Emits "{kind} {action}" for the project's integrations; an update that changed nothing emits nothing. */
export function emitEntityEvent(
  ctx: ActorContext,
  project: EventProject,
  kind: Exclude<EventKind, "issue" | "comment">,
  action: EventAction,
  data: Record<string, Json>,
  before?: Record<string, Json>,
) {
  if (action === "updated" && before) {
    const changes = changesBetween(before, data);
    if (changes.length > 0) ctx.effects.emit(eventFor(project, ctx.actor.id, kind, action, data, changes));
    return;
  }
  ctx.effects.emit(eventFor(project, ctx.actor.id, kind, action, data));
}
