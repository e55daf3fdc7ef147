// Server-side calls for the issue page and the issue create/update modal:
// one loader that reads everything the page shows, and the actions its controls post. Every write
// is one domain call with the signed-in actor; domain errors map through errors.server.ts.
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Invalid } from "../../workers/domain/errors";
import { createIssueComment, deleteIssueComment, updateIssueComment } from "../../workers/domain/issue-comments";
import { deleteIssueAttachment } from "../../workers/domain/issue-attachments";
import { issuePageOf } from "../../workers/domain/issue-page";
import { findIssueByKey, parseIssueKey } from "../../workers/domain/issues/address";
import { createIssueLink, deleteIssueLink } from "../../workers/domain/issue-links";
import {
  addSubIssues,
  createIssue,
  createLabelOnIssue,
  deleteIssue,
  updateIssue,
} from "../../workers/domain/issues";
import { parseIssueForm } from "../components/issue-modal/form-schema";
import { QuickLabelSchema } from "../../workers/domain/schemas/labels";
import { LinkFormSchema } from "../../workers/domain/schemas/links";
import { assertSameOrigin, requireActor } from "./auth.server";
import { actionError, invalidReply, loadOrThrow, replyWithError } from "./errors.server";
import { issuePath, projectIssuesPath } from "./paths";
import { type IssuePageData, type IssuePageIntent, IssuePageIntentSchema } from "./issue-page-contract";
import { readJsonIntent } from "./intents.server";
import { flashToastCookie } from "./toast.server";

// ---------------------------------------------------------------- the page

export async function loadIssuePage(
  request: Request,
  context: AppLoadContext,
  slug: string,
  projectId: string,
  issueId: string,
): Promise<IssuePageData> {
  // "/projects/{id}/issues/DEMO-52" is the issue DEMO-52 wherever it lives in the workspace.
  if (parseIssueKey(issueId)) return redirectToIssueKey(request, context, slug, issueId);
  const ctx = await requireActor(request, context);
  return loadOrThrow(request, () => issuePageOf(ctx, slug, projectId, issueId));
}

/** Sends an issue key ("DEMO-52", as copied links carry it) to that issue's page, or 404s. */
export async function redirectToIssueKey(request: Request, context: AppLoadContext, slug: string, key: string): Promise<never> {
  const ctx = await requireActor(request, context);
  const { projectId, issueId } = await loadOrThrow(request, () => findIssueByKey(ctx, slug, key));
  throw redirect(issuePath(slug, projectId, issueId));
}

const ok = (intent: string) => ({ ok: true as const, intent });

export async function issuePageAction(request: Request, context: AppLoadContext, slug: string, projectId: string, issueId: string) {
  assertSameOrigin(context);
  const ctx = await requireActor(request, context);

  if (!request.headers.get("content-type")?.includes("application/json")) {
    const formData = await request.formData();
    const intent = String(formData.get("intent") ?? "");
    if (intent === "add-link") {
      const submission = parseWithZod(formData, { schema: LinkFormSchema });
      if (submission.status !== "success") return invalidReply(submission);
      try {
        await createIssueLink(ctx, slug, projectId, issueId, { url: submission.value.url, title: submission.value.title, metadata: {} });
        return { result: submission.reply({ resetForm: true }), status: 201, ok: true as const };
      } catch (error) {
        return replyWithError(submission, error, request);
      }
    }
    if (intent === "quick-label") {
      const submission = parseWithZod(formData, { schema: QuickLabelSchema });
      if (submission.status !== "success") return invalidReply(submission);
      try {
        await createLabelOnIssue(ctx, slug, projectId, issueId, submission.value);
        return { result: submission.reply({ resetForm: true }), status: 201, ok: true as const };
      } catch (error) {
        return replyWithError(submission, error, request);
      }
    }
    return actionError(new Invalid("Unknown action."), request);
  }

  let body: IssuePageIntent;
  try {
    body = await readJsonIntent(request, IssuePageIntentSchema);
  } catch (error) {
    return actionError(error, request);
  }
  try {
    switch (body.intent) {
      case "update":
        await updateIssue(ctx, slug, projectId, issueId, body.patch);
        return ok(body.intent);
      case "update-related":
        // A sub-issue's own change from this page (removing it sets its parent to null).
        await updateIssue(ctx, slug, projectId, body.issue_id, body.patch);
        return ok(body.intent);
      case "add-sub-issues":
        await addSubIssues(ctx, slug, projectId, issueId, { sub_issue_ids: body.sub_issue_ids });
        return ok(body.intent);
      case "delete-issue":
        await deleteIssue(ctx, slug, projectId, issueId);
        return redirect(projectIssuesPath(slug, projectId), {
          headers: { "Set-Cookie": flashToastCookie({ type: "success", title: "Success", message: "Issue deleted successfully" }) },
        });
      case "delete-link":
        await deleteIssueLink(ctx, slug, projectId, body.link_id, issueId);
        return ok(body.intent);
      case "delete-attachment":
        await deleteIssueAttachment(ctx, slug, projectId, body.attachment_id, issueId);
        return ok(body.intent);
      case "add-comment":
        await createIssueComment(ctx, slug, projectId, issueId, { comment_json: body.comment_json, comment_html: body.comment_html });
        return ok(body.intent);
      case "update-comment":
        await updateIssueComment(ctx, slug, projectId, body.comment_id, { comment_json: body.comment_json, comment_html: body.comment_html }, issueId);
        return ok(body.intent);
      case "delete-comment":
        await deleteIssueComment(ctx, slug, projectId, body.comment_id, issueId);
        return ok(body.intent);
      default:
        return actionError(new Invalid("Unknown action."), request);
    }
  } catch (error) {
    // The answer names the intent so the control that asked can show its own failure text.
    return actionError(error, request, { intent: body.intent });
  }
}

// ---------------------------------------------------------------- the issue modal

/** Fields the update form clears (sends null) when left empty; lists become empty sets. */
const CLEARABLE = ["state", "parent", "estimate_point", "start_date", "target_date", "cycle", "module"] as const;
const LISTS = ["assignees_list", "labels_list"] as const;

function jsonField(value: FormDataEntryValue | null): Record<string, unknown> | undefined {
  if (typeof value !== "string" || value === "") return undefined;
  try {
    const parsed = JSON.parse(value) as unknown;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The create/update issue form (posted to the project shell, so it works on every project page).
 * The form is validated with CreateIssueInput, the same schema the domain parses; the
 * description's ProseMirror JSON travels beside it as `description_json`.
 */
export async function issueFormAction(request: Request, context: AppLoadContext, slug: string, projectId: string) {
  assertSameOrigin(context);
  const ctx = await requireActor(request, context);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "create-issue");
  const submission = parseIssueForm(formData);
  if (submission.status !== "success") return invalidReply(submission);
  const description = jsonField(formData.get("description_json"));
  const value: Record<string, unknown> = { ...submission.value, ...(description ? { description } : {}) };
  try {
    if (intent === "update-issue") {
      const issueId = String(formData.get("issue_id") ?? "");
      for (const key of CLEARABLE) value[key] ??= null;
      for (const key of LISTS) value[key] ??= [];
      const issue = await updateIssue(ctx, slug, projectId, issueId, value);
      return { result: submission.reply(), status: 200, ok: true as const, intent, issue: { id: issue.id, sequence_id: issue.sequence_id } };
    }
    const issue = await createIssue(ctx, slug, projectId, value);
    return {
      result: submission.reply({ resetForm: true }),
      status: 201,
      ok: true as const,
      intent,
      issue: { id: issue.id, sequence_id: issue.sequence_id },
    };
  } catch (error) {
    return replyWithError(submission, error, request);
  }
}
