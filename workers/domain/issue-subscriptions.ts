// Following an issue: who hears about it (creator, assignees, the mentioned, commenters, and
// whoever pressed Subscribe), and the caller's own Subscribe / Unsubscribe. Anyone who can see the
// project may follow its issues; only members of the project are ever listed or told.
import { and, asc, eq } from "drizzle-orm";
import { issueSubscribers, projectMembers, users } from "../../drizzle/schema";
import { projectAccess } from "./access";
import { LIST_PAGES } from "./schemas/list-pages";
import type { ActorContext } from "./context";
import { loadIssue } from "./issues";
import { subscribeStatement } from "./notifications";
import { memberColumns, memberDetailOf } from "./serializers";

/** The issue's followers who are members of its project, and whether the caller is one. */
export async function issueSubscribersOf(ctx: ActorContext, slug: string, projectId: string, issueId: string) {
  await projectAccess(ctx, slug, projectId);
  await loadIssue(ctx, projectId, issueId);
  const rows = await ctx.db
    .select({ user: memberColumns })
    .from(issueSubscribers)
    .innerJoin(users, eq(users.id, issueSubscribers.user_id))
    .innerJoin(projectMembers, and(eq(projectMembers.project_id, issueSubscribers.project_id), eq(projectMembers.member_id, issueSubscribers.user_id)))
    .where(eq(issueSubscribers.issue_id, issueId))
    .orderBy(asc(users.display_name), asc(users.id))
    .limit(LIST_PAGES.plainListCap);
  const subscribers = rows.map(({ user }) => memberDetailOf({ ...user, is_bot: false }));
  return { subscribed: subscribers.some((subscriber) => subscriber.id === ctx.actor.id), subscribers };
}

/** The caller follows the issue from now on (again, if they had stopped). */
export async function subscribeToIssue(ctx: ActorContext, slug: string, projectId: string, issueId: string) {
  const access = await projectAccess(ctx, slug, projectId);
  await loadIssue(ctx, projectId, issueId);
  const target = { issueId, projectId, workspaceId: access.workspace.id };
  await ctx.db.batch([subscribeStatement(ctx, target, [ctx.actor.id], new Date().toISOString())]);
  return issueSubscribersOf(ctx, slug, projectId, issueId);
}

/** The caller stops following the issue (until they are assigned, mentioned or comment again). */
export async function unsubscribeFromIssue(ctx: ActorContext, slug: string, projectId: string, issueId: string) {
  await projectAccess(ctx, slug, projectId);
  await loadIssue(ctx, projectId, issueId);
  await ctx.db.delete(issueSubscribers).where(and(eq(issueSubscribers.issue_id, issueId), eq(issueSubscribers.user_id, ctx.actor.id)));
}
