// "/{slug}/projects/{projectId}/issues/{issueId}": the issue page. The trailing `_` on
// "issues_" keeps it out of the issues list's layout: it renders inside the project shell as a
// page of its own.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useParams, useRouteLoaderData } from "@remix-run/react";
import { IssueView } from "~/components/issue-detail/issue-view";
import { MissingItemBoundary } from "~/components/shell-states";
import { useLiveLoaderData } from "~/hooks/use-live-screen";
import { issuePageAction, loadIssuePage } from "~/lib/issue-detail.server";
import { issuePageConcern } from "~/lib/live-board";
import { projectIssuesPath } from "~/lib/paths";
import type { ProjectPageHandle, ProjectShellData } from "./$workspaceSlug.projects.$projectId";

const SHELL_ROUTE = "routes/$workspaceSlug.projects.$projectId";

type IssueRouteData = Awaited<ReturnType<typeof loader>>;

export const handle: ProjectPageHandle = {
  crumbs: (params, data) => {
    const issue = (data as IssueRouteData | undefined)?.issue;
    return [
      { label: "Issues", to: projectIssuesPath(params.workspaceSlug ?? "", params.projectId ?? "") },
      { label: issue ? `${issue.project_detail.identifier}-${issue.sequence_id}` : "Issue" },
    ];
  },
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.issue.project_detail.identifier}-${data.issue.sequence_id} ${data.issue.name}` : "Issue" },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadIssuePage(request, context, params.workspaceSlug ?? "", params.projectId ?? "", params.issueId ?? "");
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return issuePageAction(request, context, params.workspaceSlug ?? "", params.projectId ?? "", params.issueId ?? "");
}

export default function IssuePage() {
  // Comments, activity, sub-issues, relations, links and attachments others change show live.
  const data = useLiveLoaderData(useLoaderData<typeof loader>(), issuePageConcern);
  const shell = useRouteLoaderData<ProjectShellData>(SHELL_ROUTE);
  const { workspaceSlug = "" } = useParams();
  const project = shell?.project;
  if (!project) return null;
  return (
    <IssueView
      key={data.issue.id}
      data={data}
      slug={workspaceSlug}
      project={{ id: project.id, identifier: project.identifier, estimate: project.estimate, member_role: project.member_role }}
    />
  );
}

export function ErrorBoundary() {
  const { workspaceSlug = "", projectId = "" } = useParams();
  return <MissingItemBoundary item="Issue" listLabel="Issues" listPath={projectIssuesPath(workspaceSlug, projectId)} />;
}
