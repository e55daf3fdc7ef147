// Creating an issue: the next sequence id of the project, a sort order after the last issue
// unless one is sent, the state's dates, its bridge rows and a "created" activity, in one batch
// that also reads the answer's detail.
import { sql } from "drizzle-orm";
import { issueAssignees, issueLabels, issueSequences, issues, type Issue } from "../../../drizzle/schema";
import { parseInput } from "../../lib/validation";
import { ROLE, projectAccess } from "../access";
import type { ActorContext } from "../context";
import { activityInsert } from "../issue-activity";
import { announceNotified, mentionEvent, newMentions, notificationStatements, subscribeStatement } from "../notifications";
import { issueDetailFrom, newIssueDetailQueries } from "../issue-views";
import { CreateIssueInput, FIRST_SORT_ORDER, ISSUE_ID_TAKEN, SORT_STEP } from "../schemas/issues";
import { isUniqueViolation } from "../../lib/d1-errors";
import { Conflict } from "../errors";
import { lookupsFor, unique } from "./load";
import { emitIssueEvent } from "./events";
import { issuesVersionQuery, publishIssues, versionFrom } from "./publish";
import { resolveReferences } from "./references";
import { RELATION_FIELDS, relationInserts } from "./relations";
import { bridgeBase, bridgeInserts, bumpSubIssues, groupMove, runIssueWrite, sanitizedDescription, stateSideEffects, subIssueAdded } from "./write-statements";

/** The number the batch's counter row has just handed out in this project. */
const lastSequence = (projectId: string) =>
  sql`SELECT ${issueSequences.last_sequence_id} FROM ${issueSequences} WHERE ${issueSequences.project_id} = ${projectId}`;

export async function createIssue(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(CreateIssueInput, input);
  // No parents here: resolveReferences reads the one named, and the answer is shaped with the
  // parent as read after the commit (publishIssues).
  const lookups = await lookupsFor(ctx, access);
  const refs = await resolveReferences(ctx, access, data, null, lookups);
  const issueId = data.id ?? crypto.randomUUID();
  const project = access.project;
  const assignees = unique(data.assignees_list ?? []);
  const labelIds = unique(data.labels_list ?? []);
  const related = RELATION_FIELDS.map((field) => ({ field, ids: unique(data[field] ?? []) }));
  const relatedIds = related.flatMap(({ ids }) => ids);
  const startDate = data.start_date ?? null;
  const effects = refs.state ? stateSideEffects(refs.state, null, startDate) : {};
  const base = bridgeBase(access, issueId, ctx.actor.id);
  const target = { issueId, projectId: project.id, workspaceId: access.workspace.id };
  const description = await sanitizedDescription(data.description_html);
  const isMember = (id: string) => lookups.members.has(id);
  const mentioned = newMentions(description.description_html, null, isMember, "description_html");
  const now = new Date().toISOString();

  // The detail is read at the end of the write's own batch: same transaction, no extra round trip.
  const detailReads = newIssueDetailQueries(ctx.db, issueId, {
    cycle: Boolean(refs.cycle),
    module: Boolean(refs.module),
    relations: relatedIds.length > 0,
  });
  const results = await runIssueWrite(ctx, {
    // The counter row serialises numbering: D1 runs a batch as one transaction.
    sequence: ctx.db
      .insert(issueSequences)
      .values({ project_id: project.id, last_sequence_id: 1 })
      .onConflictDoUpdate({
        target: issueSequences.project_id,
        set: { last_sequence_id: sql`${issueSequences.last_sequence_id} + 1` },
      }),
    created: ctx.db
      .insert(issues)
      .values({
        id: issueId,
        workspace_id: access.workspace.id,
        project_id: project.id,
        name: data.name,
        description: (data.description ?? null) as Issue["description"],
        ...description,
        priority: data.priority ?? "none",
        state_id: refs.state?.id ?? null,
        parent_id: refs.parent?.id ?? null,
        estimate_point: data.estimate_point ?? null,
        start_date: startDate,
        target_date: data.target_date ?? null,
        ...effects,
        sequence_id: sql`(${lastSequence(project.id)})`,
        sort_order:
          data.sort_order ??
          sql`(SELECT COALESCE(MAX(${issues.sort_order}) + ${SORT_STEP}, ${FIRST_SORT_ORDER}) FROM ${issues} WHERE ${issues.project_id} = ${project.id})`,
        assignee_ids: assignees,
        label_ids: labelIds,
        cycle_id: refs.cycle?.id ?? null,
        module_id: refs.module?.id ?? null,
        created_by: ctx.actor.id,
        updated_by: ctx.actor.id,
      })
      .returning(),
    activity: activityInsert(ctx, target, { field: "issue", verb: "created", new_value: data.name, comment: "created the issue" }),
    assignees: bridgeInserts(assignees, (part) => ctx.db.insert(issueAssignees).values(part.map((assignee_id) => ({ ...base, assignee_id })))),
    labels: bridgeInserts(labelIds, (part) => ctx.db.insert(issueLabels).values(part.map((label_id) => ({ ...base, label_id })))),
    relations: related.flatMap(({ field, ids }) => relationInserts(ctx, field, base, ids)),
    parentCount: refs.parent ? bumpSubIssues(ctx, refs.parent.id, 1) : undefined,
    parentActivity: refs.parent
      ? subIssueAdded(ctx, target, refs.parent.id, { id: issueId, key: sql<string>`${project.identifier} || '-' || (${lastSequence(project.id)})` })
      : undefined,
    cycle: refs.cycle ? groupMove(ctx, base, "cycle", refs.cycle.id) : undefined,
    module: refs.module ? groupMove(ctx, base, "module", refs.module.id) : undefined,
    // The creator follows the issue; the people assigned and mentioned are told and follow it too.
    notify: [
      subscribeStatement(ctx, target, [ctx.actor.id], now),
      ...notificationStatements(ctx, target, [{ audience: { people: assignees }, changes: [{ kind: "assigned" }], subscribe: true }, mentionEvent(mentioned)], now),
    ],
    version: issuesVersionQuery(ctx, project.id),
    detail: detailReads.statements,
  }).catch((error: unknown) => {
    // Only an id the client chose can already be taken.
    throw data.id && isUniqueViolation(error, "issues.id") ? new Conflict(ISSUE_ID_TAKEN) : error;
  });
  const created = results.created[0];
  announceNotified(ctx, access.workspace.id, results.notify);
  const published = { rows: [created], version: versionFrom(results.version) };
  const shapedWith = await publishIssues(ctx, access, [issueId, ...(refs.parent ? [refs.parent.id] : []), ...relatedIds], lookups, published);
  emitIssueEvent(ctx, access, "created", created, shapedWith);
  return issueDetailFrom(created, detailReads.rowsOf(results.detail), shapedWith);
}
