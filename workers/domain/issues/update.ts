// Updating an issue: only what changed is written, each change with its activity row; a list
// field sent replaces the whole set. The batch also reads the answer's detail.
import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { issueAssignees, issueLabels, issues, type Issue } from "../../../drizzle/schema";
import { allInOrder, inList, runNamedBatch } from "../../lib/batch";
import { parseInput } from "../../lib/validation";
import { type ProjectAccess, ROLE, projectAccess } from "../access";
import type { ActorContext } from "../context";
import { NotFound } from "../errors";
import { type ActivityChange, activityInsert, setChanges } from "../issue-activity";
import { type NotificationEvent, announceNotified, blockerClosedEvents, closesIssue, issueUpdateEvents, mentionEvent, newMentions, notificationStatements } from "../notifications";
import { type ProjectLookups, issueDetailFrom, issueDetailQueries, loadIssueDetail, parentOfQuery } from "../issue-views";
import { type IssueWrite, UpdateIssueInput } from "../schemas/issues";
import { ISSUE_NOT_FOUND, foundIssue, issueQuery, lookupsFor, unique } from "./load";
import { emitIssueEvent } from "./events";
import { issuesVersionQuery, publishIssues, versionFrom } from "./publish";
import { type References, referenceReads, resolveReferences } from "./references";
import { RELATION_FIELDS, issuesBlockedBy, readRelations, relationActivity, relationReplace } from "./relations";
import {
  bridgeBase,
  bridgeInserts,
  bumpSubIssues,
  groupMove,
  runIssueWrite,
  sanitizedDescription,
  stateSideEffects,
  subIssueAdded,
  subIssueRemoved,
} from "./write-statements";

export async function updateIssue(ctx: ActorContext, slug: string, projectId: string, issueId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(UpdateIssueInput, input);
  // What the write checks and compares against, read in one batch: the issue, the ids the body
  // names, the issue's relations when a relation list is sent, and its current parent when the
  // parent is sent (the activity names it). The project's lookups come beside it (usually held).
  const relationsSent = RELATION_FIELDS.some((field) => data[field] !== undefined);
  const reads = {
    issue: issueQuery(ctx, projectId, issueId),
    references: referenceReads(ctx, projectId, data),
    relations: relationsSent ? readRelations(ctx, issueId) : undefined,
    oldParent: data.parent !== undefined ? parentOfQuery(ctx, issueId) : undefined,
  };
  // The issue alone (most patches) is read as one statement: a batch of one costs more on D1.
  const alone = !relationsSent && data.parent === undefined && Object.values(reads.references).every((read) => read === undefined);
  const [checked, lookups] = await allInOrder([
    alone ? reads.issue.then((issue) => ({ issue, references: undefined, relations: undefined, oldParent: undefined })) : runNamedBatch(ctx.db, reads),
    lookupsFor(ctx, access),
  ] as const);
  const issue = foundIssue(checked.issue);
  const refs = await resolveReferences(ctx, access, data, issueId, lookups, checked.references);
  const { patch, changes, statements, touched, events } = await planIssueUpdate(ctx, access, issue, data, refs, lookups, checked);
  const target = { issueId, projectId, workspaceId: access.workspace.id };
  if (Object.keys(patch).length === 0 && statements.length === 0) {
    const detail = await loadIssueDetail(ctx.db, access.project, access.workspace, issueId);
    if (!detail) throw new NotFound(ISSUE_NOT_FOUND);
    return detail;
  }
  patch.updated_by = ctx.actor.id;
  const now = new Date().toISOString();
  const renamed = patch.name !== undefined;
  const results = await runIssueWrite(ctx, {
    updated: ctx.db.update(issues).set({ ...patch, updated_at: now }).where(eq(issues.id, issueId)).returning(),
    statements,
    activities: changes.map((change) => activityInsert(ctx, target, change, now)),
    notify: notificationStatements(ctx, target, events, now),
    version: issuesVersionQuery(ctx, projectId),
    // Read in the write's own batch (same transaction, no extra round trip): the detail, and when
    // the name changed the sub-issues, whose rows show their parent's name (parent_detail).
    detail: issueDetailQueries(ctx.db, issueId),
    children: renamed ? ctx.db.select({ id: issues.id }).from(issues).where(eq(issues.parent_id, issueId)) : undefined,
    // The parent as it is after the write, which the published row and the answer show.
    parent: (patch.parent_id !== undefined ? patch.parent_id : issue.parent_id) ? parentOfQuery(ctx, issueId) : undefined,
  });
  const updated = results.updated[0];
  // Deleted by someone else after we loaded it, and nothing in the batch referred to it.
  if (!updated) throw new NotFound(ISSUE_NOT_FOUND);
  announceNotified(ctx, access.workspace.id, results.notify);
  for (const child of results.children ?? []) touched.add(child.id);
  // The answer is shaped as the board's row is: states, labels and members as read before the
  // write, the parent as read after it.
  const published = { rows: [updated], version: versionFrom(results.version), parents: results.parent ?? [] };
  const shapedWith = await publishIssues(ctx, access, [...touched], lookups, published);
  emitIssueEvent(ctx, access, "updated", updated, shapedWith, changes);
  return issueDetailFrom(updated, results.detail, shapedWith);
}

/** What a patch changes on one issue, as reads before the write found it. */
export interface IssueUpdatePlan {
  patch: Partial<Issue>;
  /** One activity row each. */
  changes: ActivityChange[];
  /** The bridge rows, counters and relation rows the patch writes beside the issue's row. */
  statements: BatchItem<"sqlite">[];
  /** Every issue whose board row the write changes (the issue, old and new parents, related issues). */
  touched: Set<string>;
  /** Who is told what (assignments, mentions, a new state or priority). */
  events: NotificationEvent[];
}

/**
 * The rules of an issue update, without writing: only what differs is changed, each change with
 * its activity; a list field sent replaces the whole set. The single update and the bulk edit
 * both write what this plans.
 */
export async function planIssueUpdate(
  ctx: ActorContext,
  access: ProjectAccess,
  issue: Issue,
  data: IssueWrite,
  refs: References,
  lookups: ProjectLookups,
  checked: { relations?: Awaited<ReturnType<typeof readRelations>>; oldParent?: Awaited<ReturnType<typeof parentOfQuery>> } = {},
): Promise<IssueUpdatePlan> {
  const issueId = issue.id;
  const projectId = access.project.id;
  const base = bridgeBase(access, issueId, ctx.actor.id);
  const patch: Partial<Issue> = {};
  const changes: ActivityChange[] = [];
  const statements: BatchItem<"sqlite">[] = [];
  const touched = new Set<string>([issueId]);
  const stateName = (id: string | null) => (id ? (lookups.states.get(id)?.name ?? null) : null);
  const scalar = <K extends "name" | "priority" | "estimate_point" | "start_date" | "target_date">(key: K, field = key) => {
    const value = data[key];
    if (value === undefined || value === issue[key]) return;
    (patch as Record<string, unknown>)[key] = value;
    changes.push({ field: field as ActivityChange["field"], old_value: issue[key]?.toString() ?? null, new_value: value?.toString() ?? null });
  };

  scalar("name");
  scalar("priority");
  scalar("estimate_point");
  scalar("start_date");
  scalar("target_date");
  if (data.sort_order !== undefined && data.sort_order !== issue.sort_order) patch.sort_order = data.sort_order;
  // One "description" activity whether the rich JSON, the HTML or both changed; an unchanged one is no write.
  let descriptionChanged = false;
  if (data.description !== undefined && JSON.stringify(data.description) !== JSON.stringify(issue.description)) {
    patch.description = data.description as Issue["description"];
    descriptionChanged = true;
  }
  if (data.description_html !== undefined) {
    const clean = await sanitizedDescription(data.description_html);
    if (clean.description_html !== issue.description_html) {
      Object.assign(patch, clean);
      descriptionChanged = true;
    }
  }
  if (descriptionChanged) changes.push({ field: "description", comment: "updated the description" });
  const isMember = (id: string) => lookups.members.has(id);
  const mentioned = patch.description_html !== undefined ? newMentions(patch.description_html, issue.description_html, isMember, "description_html") : [];

  let unblocked: string[] = [];
  if (refs.state && refs.state.id !== issue.state_id) {
    const oldGroup = issue.state_id ? (lookups.states.get(issue.state_id)?.group ?? null) : null;
    if (closesIssue(oldGroup, refs.state.group)) unblocked = await issuesBlockedBy(ctx, issueId, checked.relations);
    patch.state_id = refs.state.id;
    Object.assign(patch, stateSideEffects(refs.state, oldGroup, patch.start_date ?? issue.start_date));
    changes.push({
      field: "state",
      old_value: stateName(issue.state_id),
      new_value: refs.state.name,
      old_identifier: issue.state_id,
      new_identifier: refs.state.id,
    });
  }

  if (refs.parent !== undefined && (refs.parent?.id ?? null) !== issue.parent_id) {
    const newParent = refs.parent?.id ?? null;
    patch.parent_id = newParent;
    if (issue.parent_id) {
      statements.push(bumpSubIssues(ctx, issue.parent_id, -1));
      touched.add(issue.parent_id);
    }
    if (newParent) {
      statements.push(bumpSubIssues(ctx, newParent, 1));
      touched.add(newParent);
    }
    const oldParent = checked.oldParent?.find((row) => row.id === issue.parent_id && row.project_id === projectId) ?? null;
    const identifier = access.project.identifier;
    const place = { projectId, workspaceId: access.workspace.id };
    const child = { id: issue.id, key: `${identifier}-${issue.sequence_id}` };
    if (issue.parent_id) statements.push(subIssueRemoved(ctx, place, issue.parent_id, child));
    if (newParent) statements.push(subIssueAdded(ctx, place, newParent, child));
    changes.push({
      field: "parent",
      old_value: oldParent ? `${identifier}-${oldParent.sequence_id}` : null,
      new_value: refs.parent ? `${identifier}-${refs.parent.sequence_id}` : null,
      old_identifier: issue.parent_id,
      new_identifier: newParent,
    });
  }

  if (data.assignees_list !== undefined) {
    const next = unique(data.assignees_list);
    const removed = issue.assignee_ids.filter((id) => !next.includes(id));
    const added = next.filter((id) => !issue.assignee_ids.includes(id));
    if (removed.length || added.length || next.join() !== issue.assignee_ids.join()) patch.assignee_ids = next;
    if (removed.length) {
      statements.push(
        ctx.db.delete(issueAssignees).where(and(eq(issueAssignees.issue_id, issueId), inList(issueAssignees.assignee_id, removed))),
      );
    }
    statements.push(
      ...bridgeInserts(added, (part) => ctx.db.insert(issueAssignees).values(part.map((assignee_id) => ({ ...base, assignee_id })))),
    );
    const nameOf = (id: string) => refs.memberNames.get(id) ?? lookups.members.get(id)?.display_name ?? id;
    changes.push(...setChanges("assignees", issue.assignee_ids, next, nameOf));
  }

  if (data.labels_list !== undefined) {
    const next = unique(data.labels_list);
    const removed = issue.label_ids.filter((id) => !next.includes(id));
    const added = next.filter((id) => !issue.label_ids.includes(id));
    if (removed.length || added.length || next.join() !== issue.label_ids.join()) patch.label_ids = next;
    if (removed.length) {
      statements.push(ctx.db.delete(issueLabels).where(and(eq(issueLabels.issue_id, issueId), inList(issueLabels.label_id, removed))));
    }
    statements.push(...bridgeInserts(added, (part) => ctx.db.insert(issueLabels).values(part.map((label_id) => ({ ...base, label_id })))));
    const nameOf = (id: string) => refs.labelNames.get(id) ?? lookups.labels.get(id)?.name ?? id;
    changes.push(...setChanges("labels", issue.label_ids, next, nameOf));
  }

  if (RELATION_FIELDS.some((field) => data[field] !== undefined)) {
    const current = checked.relations ?? [];
    const identifierOf = (id: string) =>
      refs.relatedNames.get(id) ??
      `${access.project.identifier}-${current.find((row) => row.issue_id === id || row.blocked_by_id === id)?.sequence_id ?? "?"}`;
    for (const field of RELATION_FIELDS) {
      const sent = data[field];
      if (sent === undefined) continue;
      const next = unique(sent);
      const replaced = relationReplace(ctx, field, base, current, next);
      statements.push(...replaced.statements);
      for (const id of replaced.changed) touched.add(id);
      changes.push(...setChanges(relationActivity(field), replaced.before, next, identifierOf));
    }
  }

  if (refs.cycle !== undefined && (refs.cycle?.id ?? null) !== issue.cycle_id) {
    const cycleId = refs.cycle?.id ?? null;
    patch.cycle_id = cycleId;
    statements.push(groupMove(ctx, base, "cycle", cycleId));
    changes.push({ field: "cycles", old_identifier: issue.cycle_id, new_identifier: cycleId, new_value: refs.cycle?.name ?? null });
  }
  if (refs.module !== undefined && (refs.module?.id ?? null) !== issue.module_id) {
    const moduleId = refs.module?.id ?? null;
    patch.module_id = moduleId;
    statements.push(groupMove(ctx, base, "module", moduleId));
    changes.push({ field: "modules", old_identifier: issue.module_id, new_identifier: moduleId, new_value: refs.module?.name ?? null });
  }

  const events = [
    ...issueUpdateEvents(changes),
    ...(mentioned.length > 0 ? [mentionEvent(mentioned)] : []),
    ...blockerClosedEvents(`${access.project.identifier}-${issue.sequence_id}`, unblocked),
  ];
  return { patch, changes, statements, touched, events };
}
