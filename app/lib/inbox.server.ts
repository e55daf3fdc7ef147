// Server side of the inbox page: the loader is one domain read (a page of the person's
// notifications as the address's tab, show and project say), each intent one domain operation.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { assertInboxAccess, listNotifications, markAllRead, updateNotification } from "../../workers/domain/inbox";
import { unsubscribeFromIssue } from "../../workers/domain/issue-subscriptions";
import { INBOX_PAGE_SIZE, InboxQuery } from "../../workers/domain/schemas/inbox";
import { assertSameOrigin, requireActor } from "./auth.server";
import { actionError, loadOrThrow } from "./errors.server";
import { type InboxPageData, InboxIntentSchema } from "./inbox-contract";
import { readJsonIntent } from "./intents.server";

export async function loadInbox(request: Request, context: AppLoadContext, slug: string): Promise<InboxPageData> {
  const ctx = await requireActor(request, context);
  const params = new URL(request.url).searchParams;
  const query = { tab: params.get("tab") || undefined, show: params.get("show") || undefined, project: params.get("project") || undefined };
  return loadOrThrow(request, async () => {
    const page = await listNotifications(ctx, slug, query, { size: INBOX_PAGE_SIZE, cursor: params.get("cursor") || undefined });
    return { notifications: page.rows, next_cursor: page.next_cursor, filter: InboxQuery.parse(query) };
  });
}

export async function inboxAction(request: Request, context: AppLoadContext, slug: string) {
  assertSameOrigin(context);
  const ctx = await requireActor(request, context);
  let intent: string | undefined;
  try {
    await assertInboxAccess(ctx, slug);
    const { intent: name, ...input } = await readJsonIntent(request, InboxIntentSchema);
    intent = name;
    if (name === "mark-all-read") return { ok: true as const, intent, ...(await markAllRead(ctx, slug, {})) };
    if (name === "unsubscribe") {
      const { project, issue } = input as { project: string; issue: string };
      await unsubscribeFromIssue(ctx, slug, project, issue);
      return { ok: true as const, intent };
    }
    const { id, ...change } = input as { id: string };
    return { ok: true as const, intent, notification: await updateNotification(ctx, slug, id, change) };
  } catch (error) {
    return actionError(error, request, { intent });
  }
}
