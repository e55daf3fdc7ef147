// Server-side calls for the project settings' General page: its one read (the project as the
// member sees it) and its writes: the details form, the feature switches, the cover (a built-in
// image or an upload) and deleting the project. Each intent is one domain operation; the domain
// refuses anyone but the project's owners.
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { assetUpload } from "../../workers/api/multipart";
import { ROLE } from "../../workers/domain/access";
import { deleteProject, getProject, replaceProjectCover, updateProject } from "../../workers/domain/projects";
import { assertSameOrigin, requireActor } from "./auth.server";
import { actionError, invalidReply, loadOrThrow, replyWithError } from "./errors.server";
import { readJsonIntent } from "./intents.server";
import { workspacePath } from "./paths";
import { ProjectGeneralFormSchema, type ProjectGeneralData, ProjectGeneralIntentSchema } from "./project-settings-general-contract";
import { flashToastCookie } from "./toast.server";

export async function loadProjectGeneral(request: Request, context: AppLoadContext, slug: string, projectId: string): Promise<ProjectGeneralData> {
  const ctx = await requireActor(request, context);
  return loadOrThrow(request, async () => {
    const project = await getProject(ctx, slug, projectId);
    const role = project.member_role ?? 0;
    // The settings layout shows guests and viewers the not-authorized screen; nothing is sent.
    if (role < ROLE.member) return { authorized: false };
    const { id, name, identifier, description, network, emoji, icon_prop, cover_image, cover_image_credit } = project;
    const { cycle_view, module_view, issue_views_view, page_view } = project;
    return {
      authorized: true,
      role,
      project: { id, name, identifier, description, network, emoji, icon_prop, cover_image, cover_image_credit, cycle_view, module_view, issue_views_view, page_view },
    };
  });
}

const isJson = (request: Request) => request.headers.get("content-type")?.includes("application/json") ?? false;
const isMultipart = (request: Request) => request.headers.get("content-type")?.includes("multipart/form-data") ?? false;

/**
 * The General page's writes: the cover upload (multipart), the JSON intents toggle-feature and
 * set-cover, the delete dialog (form data with intent=delete-project, shared with the project
 * cards; it ends on the projects list) and the details form (form data, Conform).
 */
export async function projectGeneralAction(request: Request, context: AppLoadContext, slug: string, projectId: string) {
  assertSameOrigin(context);
  const ctx = await requireActor(request, context);

  if (isMultipart(request)) {
    try {
      await replaceProjectCover(ctx, slug, projectId, assetUpload(request));
      return { ok: true as const, intent: "upload-cover" };
    } catch (error) {
      return actionError(error, request, { intent: "upload-cover" });
    }
  }

  if (isJson(request)) {
    let intent: string | undefined;
    try {
      const body = await readJsonIntent(request, ProjectGeneralIntentSchema);
      intent = body.intent;
      if (body.intent === "toggle-feature") await updateProject(ctx, slug, projectId, { [body.feature]: body.enabled });
      else await updateProject(ctx, slug, projectId, { cover_image: body.cover_image, cover_image_credit: body.cover_image_credit });
      return { ok: true as const, intent };
    } catch (error) {
      return actionError(error, request, { intent });
    }
  }

  const formData = await request.formData();
  if (formData.get("intent") === "delete-project") {
    try {
      await deleteProject(ctx, slug, projectId);
      // The workspace home is the projects list.
      return redirect(workspacePath(slug), {
        headers: { "Set-Cookie": flashToastCookie({ type: "success", message: "Project deleted successfully" }) },
      });
    } catch (error) {
      return actionError(error, request, { intent: "delete-project" });
    }
  }

  const submission = parseWithZod(formData, { schema: ProjectGeneralFormSchema });
  if (submission.status !== "success") return invalidReply(submission);
  const { emoji, icon_prop, ...details } = submission.value;
  try {
    // A project wears an emoji or an icon: picking one clears the other.
    const look = emoji ? { emoji, icon_prop: null } : icon_prop ? { emoji: null, icon_prop } : {};
    await updateProject(ctx, slug, projectId, { ...details, ...look });
    return data(
      { result: submission.reply(), status: 200, ok: true as const, intent: "update-project" },
      { headers: { "Set-Cookie": flashToastCookie({ type: "success", message: "Project updated successfully." }) } },
    );
  } catch (error) {
    return replyWithError(submission, error, request);
  }
}
