// Server side of the issue views: one loader and one action that every page showing issues reuses
// with its own list source -- the project's issues, a cycle's, a module's or a saved view's. The
// loader is the domain's read model plus the live board's clock; each intent is one domain call.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { addCycleIssues } from "../../workers/domain/cycles";
import { saveDisplayPreferences } from "../../workers/domain/display-preferences";
import { Invalid } from "../../workers/domain/errors";
import { createIssueProperties } from "../../workers/domain/issue-properties";
import { issueListSourceFromParam, issueViewsPageOf, issueWindowsOf } from "../../workers/domain/issue-views-page";
import { bulkDeleteIssues, deleteIssue, updateIssue } from "../../workers/domain/issues";
import { viewIssueOfRow } from "../../workers/domain/issues/list-windows";
import { addModuleIssues } from "../../workers/domain/modules";
import type { IssueListSource } from "../../workers/domain/schemas/responses";
import { createView, updateView } from "../../workers/domain/views";
import { assertSameOrigin, requireActor } from "./auth.server";
import { actionError, loadOrThrow, resourceActionError } from "./errors.server";
import { type IssueViewsIntent, IssueViewsIntentSchema, type IssueViewsLoaderData, SOURCE_PARAM, WINDOWS_PARAM } from "./issue-views-contract";
import { readJsonIntent } from "./intents.server";

/**
 * Everything an issue view page renders: the domain's read model, with the live board's clock it
 * was read after (ADR 062). The issues stream: the toolbar and the board's frame reach the browser
 * first, and the issues are read once the frame has gone out.
 */
export async function loadIssueViews(
  request: Request,
  context: AppLoadContext,
  slug: string,
  projectId: string,
  source: IssueListSource = { kind: "project" },
): Promise<IssueViewsLoaderData> {
  const ctx = await requireActor(request, context);
  return loadOrThrow(request, () => issueViewsPageOf(ctx, slug, projectId, source, () => context.shellSent));
}

/**
 * The views' later reads (`?source=` the page's list source, `?windows=` JSON): the windows for
 * another grouping, order or filters, one group's next page, or the counts. Answered as JSON; a
 * refusal as `{ok: false, error, status}` with its status.
 */
export async function loadIssueWindows(request: Request, context: AppLoadContext, slug: string, projectId: string) {
  const ctx = await requireActor(request, context);
  try {
    const query = new URL(request.url).searchParams;
    let input: unknown;
    try {
      input = JSON.parse(query.get(WINDOWS_PARAM) ?? "");
    } catch {
      throw new Invalid("windows must be JSON.");
    }
    const source = issueListSourceFromParam(query.get(SOURCE_PARAM) ?? "");
    return Response.json(await issueWindowsOf(ctx, slug, projectId, source, input));
  } catch (error) {
    return resourceActionError(error, request);
  }
}

// ---------------------------------------------------------------- the action

/** The issue views' writes: one domain call per intent, answered as `{ok, ...}`. */
export async function issueViewsAction(
  request: Request,
  context: AppLoadContext,
  slug: string,
  projectId: string,
  source: IssueListSource = { kind: "project" },
) {
  assertSameOrigin(context);
  const ctx = await requireActor(request, context);
  let input: IssueViewsIntent;
  try {
    input = await readJsonIntent(request, IssueViewsIntentSchema);
  } catch (error) {
    return actionError(error, request);
  }
  try {
    switch (input.intent) {
      case "update-issue": {
        // The row as it now is: the page puts it in place of its optimistic patch, no reload.
        const updated = await updateIssue(ctx, slug, projectId, input.issueId, input.patch);
        return { ok: true as const, intent: input.intent, issue: viewIssueOfRow(updated) };
      }
      case "delete-issue":
        await deleteIssue(ctx, slug, projectId, input.issueId);
        return { ok: true as const, intent: input.intent };
      case "bulk-delete": {
        const { message } = await bulkDeleteIssues(ctx, slug, projectId, { issue_ids: input.issue_ids });
        return { ok: true as const, intent: input.intent, message };
      }
      case "display":
        await saveDisplayPreferences(ctx, slug, projectId, { view_props: input.view_props });
        return { ok: true as const, intent: input.intent };
      case "properties":
        // Creates the member's row, or merges the toggles into the one they have.
        await createIssueProperties(ctx, slug, projectId, { properties: input.properties });
        return { ok: true as const, intent: input.intent };
      case "create-view": {
        const view = await createView(ctx, slug, projectId, input.view);
        return { ok: true as const, intent: input.intent, id: view.id };
      }
      case "update-view": {
        if (source.kind !== "view") {
          return actionError(new Invalid("Not a saved view."), request);
        }
        await updateView(ctx, slug, projectId, source.viewId, { query_data: input.query_data });
        return { ok: true as const, intent: input.intent };
      }
      case "add-existing": {
        if (source.kind === "cycle") await addCycleIssues(ctx, slug, projectId, source.cycleId, { issues: input.issue_ids });
        else if (source.kind === "module") await addModuleIssues(ctx, slug, projectId, source.moduleId, { issues: input.issue_ids });
        else {
          return actionError(new Invalid("Not a cycle or module."), request);
        }
        return { ok: true as const, intent: input.intent };
      }
    }
  } catch (error) {
    return actionError(error, request, { fields: true });
  }
}
