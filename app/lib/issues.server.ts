// Server-side calls for the project issues page: the project's states (every group shows, even
// empty) and its issues, shaped for the list.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { listIssues } from "../../workers/domain/issues";
import { listStates } from "../../workers/domain/states";
import { requireActor } from "./auth.server";
import { loadOrThrow } from "./errors.server";

export async function loadIssueList(request: Request, context: AppLoadContext, slug: string, projectId: string) {
  const ctx = await requireActor(request, context);
  return loadOrThrow(request, async () => {
    const states = await listStates(ctx, slug, projectId);
    const issues = await listIssues(ctx, slug, projectId, { order_by: "sort_order" });
    if (!Array.isArray(states) || !Array.isArray(issues)) throw new Error("expected plain lists");
    return {
      states: states.map(({ id, name, color, group }) => ({ id, name, color, group })),
      issues: issues.map((issue) => ({
        id: issue.id,
        name: issue.name,
        sequence_id: issue.sequence_id,
        priority: issue.priority,
        state: issue.state,
        state_detail: issue.state_detail,
        project_detail: issue.project_detail,
        target_date: issue.target_date,
        assignee_details: issue.assignee_details.map((member) => ({
          id: member.id,
          first_name: member.first_name,
          email: member.email,
        })),
      })),
    };
  });
}
