// Server side of the My work page: one domain read, the tab the URL names (the first tab when it
// names none or one the page does not have: a stale link still opens the page).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { myWorkOf } from "../../workers/domain/my-work";
import { myWorkTabOf } from "../../workers/domain/schemas/my-work";
import { requireActor } from "./auth.server";
import { loadOrThrow } from "./errors.server";
import type { MyWorkPageData } from "./my-work-contract";

export async function loadMyWorkPage(request: Request, context: AppLoadContext, slug: string): Promise<MyWorkPageData> {
  const ctx = await requireActor(request, context);
  const tab = myWorkTabOf(new URL(request.url).searchParams.get("tab"));
  return loadOrThrow(request, async () => ({ slug, ...(await myWorkOf(ctx, slug, { tab })) }));
}
