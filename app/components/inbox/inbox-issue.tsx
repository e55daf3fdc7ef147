// The issue in the inbox's pane (its own chunk, loaded on first opening): the issue page's view in
// the pane's frame, inside its project's issue modal (sub-issues are created through it). Its
// writes post to the issue's route, as on the issue page.
import { useMemo } from "react";
import { PANE_FRAME } from "~/components/issue-detail/held-issue-view";
import { IssueView } from "~/components/issue-detail/issue-view";
import { IssueModalProvider } from "~/components/issue-modal/context";
import type { ShellProject } from "~/components/workspace-context";
import type { IssuePageData } from "~/lib/issue-page-contract";
import { ROLE } from "../../../workers/domain/schemas/constants";

export default function InboxIssue({ data, slug, project }: { data: IssuePageData; slug: string; project: ShellProject }) {
  const viewProject = useMemo(
    () => ({ id: project.id, identifier: project.identifier, estimate: project.estimate, member_role: project.member_role }),
    [project.id, project.identifier, project.estimate, project.member_role],
  );
  const modalProject = useMemo(
    () => ({ id: project.id, identifier: project.identifier, name: project.name, estimate: project.estimate }),
    [project.id, project.identifier, project.name, project.estimate],
  );
  return (
    <IssueModalProvider slug={slug} project={modalProject} canCreate={(project.member_role ?? 0) >= ROLE.member}>
      <IssueView key={data.issue.id} data={data} slug={slug} project={viewProject} frame={PANE_FRAME} />
    </IssueModalProvider>
  );
}
