// The issue, on its page or in the inbox's pane beside the list: the main column (parent, title,
// description, sub-issues with their progress panel, attachments, activity and comments) and the
// properties sidebar.
import { Link } from "@remix-run/react";
import { useEffect, useMemo } from "react";
import type { IssuePageData } from "~/lib/issue-page-contract";
import { issuePath } from "~/lib/paths";
import { ROLE } from "../../../workers/domain/schemas/constants";
import { ActivityFeed } from "./activity";
import { Attachments } from "./attachments";
import { issueKey } from "./format";
import { type IssueFrame, IssueKeyLine, PAGE_FRAME } from "./held-issue-view";
import { IconParent } from "./icons";
import { IssuePageContext, type IssuePageValue } from "./page-context";
import { PaletteIssueBridge } from "./palette-bridge";
import { primeResource } from "./project-data";
import { IssueSidebar } from "./sidebar";
import { SubIssues } from "./sub-issues";
import { IssueDescription, IssueTitle } from "./title-description";

export function IssueView({
  data,
  slug,
  project,
  frame = PAGE_FRAME,
}: {
  data: IssuePageData;
  slug: string;
  project: { id: string; identifier: string; estimate: string | null; member_role: number | null };
  /** Where it is shown: the issue page (by default) or the inbox's pane. */
  frame?: IssueFrame;
}) {
  const value = useMemo<IssuePageValue>(
    () => ({
      data,
      slug,
      projectId: project.id,
      identifier: project.identifier,
      points: project.estimate ? (data.estimates.find((estimate) => estimate.id === project.estimate)?.points ?? null) : null,
      role: project.member_role,
      canEdit: (project.member_role ?? 0) >= ROLE.member,
      issuePath: (issueId: string) => issuePath(slug, project.id, issueId),
      actionPath: issuePath(slug, project.id, data.issue.id),
      frame,
    }),
    [data, slug, project, frame],
  );

  // The issue modal on this page starts with the lists the loader already read.
  useEffect(() => {
    primeResource(slug, project.id, "states", data.states);
    primeResource(slug, project.id, "labels", data.labels);
    primeResource(slug, project.id, "members", data.members);
    primeResource(slug, project.id, "estimates", data.estimates);
  }, [slug, project.id, data.states, data.labels, data.members, data.estimates]);

  const issue = data.issue;
  return (
    <IssuePageContext.Provider value={value}>
      <div className={frame.grid}>
        <div className={frame.main}>
          {issue.parent_detail ? (
            <Link
              to={value.issuePath(issue.parent_detail.id)}
              className="mb-3 inline-flex max-w-full items-center gap-1.5 rounded-md border border-neutral-200 px-2 py-1 text-xs text-neutral-600 hover:bg-neutral-50"
            >
              <IconParent size={12} className="text-neutral-400" />
              <span className="font-mono text-neutral-400">{issueKey(project.identifier, issue.parent_detail.sequence_id)}</span>
              <span className="truncate">{issue.parent_detail.name}</span>
            </Link>
          ) : null}
          <IssueKeyLine issueKey={issueKey(project.identifier, issue.sequence_id)} state={issue.state_detail} />
          <IssueTitle />
          <IssueDescription />
        </div>
        <div className={frame.side}>
          <IssueSidebar />
        </div>
        <div className={frame.below}>
          <SubIssues />
          <Attachments />
          <ActivityFeed />
        </div>
      </div>
      <PaletteIssueBridge />
    </IssuePageContext.Provider>
  );
}
