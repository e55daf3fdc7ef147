// The issue page: the main column (parent, title, description, sub-issues with their
// progress panel, attachments, activity and comments) and the properties sidebar.
import { Link } from "@remix-run/react";
import { useEffect, useMemo } from "react";
import type { HeldIssue } from "~/lib/held-issue";
import type { IssuePageData } from "~/lib/issue-page-contract";
import { projectIssuesPath } from "~/lib/paths";
import { ROLE } from "../../../workers/domain/schemas/constants";
import { StateGroupIcon } from "../issue-icons";
import { ActivityFeed } from "./activity";
import { Attachments } from "./attachments";
import { issueKey } from "./format";
import { IconParent } from "./icons";
import { IssuePageContext, type IssuePageValue } from "./page-context";
import { PaletteIssueBridge } from "./palette-bridge";
import { primeResource } from "./project-data";
import { IssueSidebar } from "./sidebar";
import { SubIssues } from "./sub-issues";
import { IssueDescription, IssueTitle } from "./title-description";

// One column on narrow screens, the properties right under the title and description; on wide
// ones the properties sit in a column of their own beside everything else.
const PAGE_GRID = "flex flex-1 flex-col bg-surface lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]";
const MAIN_COLUMN = "mx-auto w-full max-w-3xl px-5 pt-6 sm:px-8 lg:col-start-1 lg:row-start-1 lg:pt-8";
const SIDE_COLUMN = "my-4 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:my-0";

function IssueKeyLine({ identifier, sequenceId, state }: { identifier: string; sequenceId: number; state: { group: string; color: string } | null }) {
  return (
    <div className="mb-1 flex items-center gap-2 text-xs text-neutral-500">
      {state ? <StateGroupIcon group={state.group} color={state.color} size={13} /> : null}
      <span className="font-mono">{issueKey(identifier, sequenceId)}</span>
    </div>
  );
}

/**
 * The issue as the row it was opened from shows it (key, state, title), in the page's own layout,
 * while the rest of the page is read.
 */
export function HeldIssueView({ issue }: { issue: HeldIssue }) {
  return (
    <div className={PAGE_GRID} aria-busy="true">
      <div className={MAIN_COLUMN}>
        <IssueKeyLine identifier={issue.identifier} sequenceId={issue.sequence_id} state={issue.state} />
        <h1 className="py-1 text-2xl font-semibold break-words text-neutral-900">{issue.name}</h1>
        <div className="mt-4 space-y-2" aria-hidden>
          <div className="h-3 w-3/4 animate-pulse rounded bg-neutral-100" />
          <div className="h-3 w-1/2 animate-pulse rounded bg-neutral-100" />
        </div>
      </div>
      <div className={SIDE_COLUMN}>
        <div className="mx-5 h-48 animate-pulse rounded-lg bg-neutral-50 sm:mx-8 lg:mx-0 lg:h-full lg:rounded-none lg:border-l lg:border-neutral-100" aria-hidden />
      </div>
    </div>
  );
}

export function IssueView({
  data,
  slug,
  project,
}: {
  data: IssuePageData;
  slug: string;
  project: { id: string; identifier: string; estimate: string | null; member_role: number | null };
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
      issuePath: (issueId: string) => `${projectIssuesPath(slug, project.id)}/${issueId}`,
    }),
    [data, slug, project],
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
      <div className={PAGE_GRID}>
        <div className={MAIN_COLUMN}>
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
          <IssueKeyLine identifier={project.identifier} sequenceId={issue.sequence_id} state={issue.state_detail} />
          <IssueTitle />
          <IssueDescription />
        </div>
        <div className={SIDE_COLUMN}>
          <IssueSidebar />
        </div>
        <div className="mx-auto w-full max-w-3xl px-5 pb-6 sm:px-8 lg:col-start-1 lg:row-start-2 lg:pb-8">
          <SubIssues />
          <Attachments />
          <ActivityFeed />
        </div>
      </div>
      <PaletteIssueBridge />
    </IssuePageContext.Provider>
  );
}
