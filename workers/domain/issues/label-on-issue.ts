// Creating a label and putting it on an issue as one gesture (the issue sidebar's quick label
// form): the label row, its issue_labels row, the issue's label list and the "added labels"
// activity commit together or not at all.
import { eq } from "drizzle-orm";
import { issueLabels, issues } from "../../../drizzle/schema";
import { allInOrder, runNamedBatch } from "../../lib/batch";
import { isForeignKeyViolation } from "../../lib/d1-errors";
import { parseInput } from "../../lib/validation";
import { ROLE, projectAccess } from "../access";
import type { ActorContext } from "../context";
import { Conflict } from "../errors";
import { activityInsert, setChanges } from "../issue-activity";
import { issueDetailFrom, issueDetailQueries } from "../issue-views";
import { assertValidPlacement, labelInsert, labelOf } from "../labels";
import { CreateLabelInput } from "../schemas/labels";
import { loadIssue, lookupsFor } from "./load";
import { issuesVersionQuery, publishIssues, versionFrom } from "./publish";
import { CHANGED_MEANWHILE, bridgeBase } from "./write-statements";

/** Creates a label in the project and adds it to the issue, in one D1 batch; answers both. */
export async function createLabelOnIssue(ctx: ActorContext, slug: string, projectId: string, issueId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(CreateLabelInput, input);
  const [issue, lookups] = await allInOrder([loadIssue(ctx, projectId, issueId), lookupsFor(ctx, access)] as const);
  await assertValidPlacement(ctx, projectId, data);
  const labelId = crypto.randomUUID();
  const now = new Date().toISOString();
  const labelIds = [...issue.label_ids, labelId];
  const target = { issueId, projectId, workspaceId: access.workspace.id };
  const results = await runNamedBatch(ctx.db, {
    // Guarded: inserts nothing when a racing request took the name, and then the bridge row
    // below fails its foreign key and the whole batch rolls back.
    label: labelInsert(ctx, access, data, labelId, now),
    bridge: ctx.db.insert(issueLabels).values({ ...bridgeBase(access, issueId, ctx.actor.id), label_id: labelId }),
    updated: ctx.db
      .update(issues)
      .set({ label_ids: labelIds, updated_by: ctx.actor.id, updated_at: now })
      .where(eq(issues.id, issueId))
      .returning(),
    activities: setChanges("labels", issue.label_ids, labelIds, () => data.name).map((change) =>
      activityInsert(ctx, target, change, now),
    ),
    version: issuesVersionQuery(ctx, projectId),
    detail: issueDetailQueries(ctx.db, issueId),
  }).catch(async (error: unknown): Promise<never> => {
    if (!isForeignKeyViolation(error)) throw error;
    // Say why: the name was taken meanwhile (the same 400 as the check above), the issue was
    // deleted (404), or something else it refers to went away.
    await assertValidPlacement(ctx, projectId, data);
    await loadIssue(ctx, projectId, issueId);
    throw new Conflict(CHANGED_MEANWHILE);
  });
  const updated = results.updated[0];
  const label = labelOf(results.label[0], access);
  ctx.effects.publish(projectId, { kind: "label", op: "upsert", id: labelId, row: label });
  // The lookups were read before the label existed: the issue is shown with it.
  const withLabel = { ...lookups, labels: new Map(lookups.labels).set(labelId, { id: labelId, name: label.name, color: label.color }) };
  const shapedWith = await publishIssues(ctx, access, [issueId], withLabel, { rows: [updated], version: versionFrom(results.version) });
  return { label, issue: issueDetailFrom(updated, results.detail, shapedWith) };
}
