// Server side of the project's pages: the list (one tab at a time) and the page detail, each
// loader one domain read, each intent one domain operation.
import { parseWithZod } from "@conform-to/zod/v4";
import { LIST_PAGES } from "../../workers/domain/schemas/list-pages";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { pageDetailOf } from "../../workers/domain/page-detail";
import {
  convertPageBlockToIssue,
  createPageBlock,
  deletePageBlock,
  updatePageBlock,
} from "../../workers/domain/page-blocks";
import { type PageView as PageRow, addFavoritePage, pageCardOf, createPage, deletePage, listPages, removeFavoritePage, updatePage } from "../../workers/domain/pages";
import type { PagesListing, RecentGroupKey } from "../../workers/domain/schemas/page-responses";
import { PageFormSchema } from "../../workers/domain/schemas/pages";
import { assertSameOrigin, requireActor } from "./auth.server";
import { actionError, invalidReply, loadOrThrow, replyWithError } from "./errors.server";
import { readJsonIntent } from "./intents.server";
import { PageDetailIntentSchema, type PageDetailScreenData, type PagesListData, PagesIntentSchema, pageTabOf } from "./pages-contract";

const RECENT_ORDER: RecentGroupKey[] = ["today", "yesterday", "this_week"];


/** The list's loader: the tab named by `?tab=` (all pages by default). */
export async function loadPagesList(request: Request, context: AppLoadContext, slug: string, projectId: string): Promise<PagesListData> {
  const ctx = await requireActor(request, context);
  const tab = pageTabOf(new URL(request.url).searchParams.get("tab"));
  return loadOrThrow(request, async () => {
    const answer = (await listPages(ctx, slug, projectId, { page_view: tab }, { size: LIST_PAGES.plainListCap })).rows;
    let listing: PagesListing;
    if (tab === "recent") {
      const grouped = answer as Partial<Record<RecentGroupKey, PageRow[]>>;
      const groups = RECENT_ORDER.flatMap((key) => {
        const pages = grouped[key] ?? [];
        return pages.length ? [{ key, pages: pages.map(pageCardOf) }] : [];
      });
      listing = { kind: "recent", tab, groups };
    } else {
      listing = { kind: "list", tab, pages: (answer as PageRow[]).map(pageCardOf) };
    }
    return { me: ctx.actor.id, listing };
  });
}

/** Reads the page form (its title); Conform replies carry the messages. */
async function pageForm(request: Request, context: AppLoadContext, slug: string, projectId: string) {
  const ctx = await requireActor(request, context);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const submission = parseWithZod(formData, { schema: PageFormSchema });
  if (submission.status !== "success") return invalidReply(submission);
  try {
    if (intent === "update-page") {
      await updatePage(ctx, slug, projectId, String(formData.get("page_id") ?? ""), { name: submission.value.name });
      return { result: submission.reply({ resetForm: true }), status: 200, ok: true as const, intent };
    }
    const page = await createPage(ctx, slug, projectId, { name: submission.value.name });
    return { result: submission.reply({ resetForm: true }), status: 200, ok: true as const, intent: "create-page", page: { id: page.id, name: page.name } };
  } catch (error) {
    return replyWithError(submission, error, request);
  }
}

/** The list's action: the create/edit form, and the delete, favorite and access buttons. */
export async function pagesListAction(request: Request, context: AppLoadContext, slug: string, projectId: string) {
  assertSameOrigin(context);
  if (!request.headers.get("content-type")?.includes("application/json")) return pageForm(request, context, slug, projectId);
  const ctx = await requireActor(request, context);
  let intent: string | undefined;
  try {
    const body = await readJsonIntent(request, PagesIntentSchema);
    intent = body.intent;
    if (body.intent === "delete-page") await deletePage(ctx, slug, projectId, body.page_id);
    else if (body.intent === "set-page-access") await updatePage(ctx, slug, projectId, body.page_id, { access: body.access });
    else if (body.favorite) await addFavoritePage(ctx, slug, projectId, { page: body.page_id });
    else await removeFavoritePage(ctx, slug, projectId, body.page_id);
    return { ok: true as const, intent: body.intent };
  } catch (error) {
    return actionError(error, request, { intent });
  }
}

/** The detail's loader: the page, its blocks and their issues' states (one read model). */
export async function loadPageDetail(
  request: Request,
  context: AppLoadContext,
  slug: string,
  projectId: string,
  pageId: string,
): Promise<PageDetailScreenData> {
  const ctx = await requireActor(request, context);
  return loadOrThrow(request, async () => ({ ...(await pageDetailOf(ctx, slug, projectId, pageId)), me: ctx.actor.id }));
}

/** The detail's action: the quick-add form (a block's title) and the JSON intents. */
export async function pageDetailAction(request: Request, context: AppLoadContext, slug: string, projectId: string, pageId: string) {
  assertSameOrigin(context);
  const ctx = await requireActor(request, context);
  if (!request.headers.get("content-type")?.includes("application/json")) {
    const formData = await request.formData();
    const submission = parseWithZod(formData, { schema: PageFormSchema });
    if (submission.status !== "success") return invalidReply(submission);
    try {
      await createPageBlock(ctx, slug, projectId, pageId, { name: submission.value.name });
      return { result: submission.reply({ resetForm: true }), status: 200, ok: true as const, intent: "create-block" };
    } catch (error) {
      return replyWithError(submission, error, request);
    }
  }
  let intent: string | undefined;
  try {
    const body = await readJsonIntent(request, PageDetailIntentSchema);
    intent = body.intent;
    switch (body.intent) {
      case "rename-page":
        await updatePage(ctx, slug, projectId, pageId, { name: body.name });
        break;
      case "update-block":
        await updatePageBlock(
          ctx,
          slug,
          projectId,
          body.block_id,
          { name: body.name, description: body.description, description_html: body.description_html },
          pageId,
        );
        break;
      case "delete-block":
        await deletePageBlock(ctx, slug, projectId, body.block_id, pageId);
        break;
      case "set-block-sync":
        await updatePageBlock(ctx, slug, projectId, body.block_id, { sync: body.sync }, pageId);
        break;
      case "convert-block": {
        const issue = await convertPageBlockToIssue(ctx, slug, projectId, body.block_id, pageId);
        return { ok: true as const, intent: body.intent, issue: { id: issue.id, sequence_id: issue.sequence_id } };
      }
    }
    return { ok: true as const, intent: body.intent };
  } catch (error) {
    return actionError(error, request, { intent, fields: true });
  }
}
