// "/{slug}/projects/{projectId}/issues/{issueId}": the issue page. The trailing `_` on
// "issues_" keeps it out of the issues list's layout: it renders inside the project shell as a
// page of its own.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Await, type ClientLoaderFunctionArgs, useLoaderData, useParams, useRouteLoaderData } from "@remix-run/react";
import { Suspense } from "react";
import { HeldIssueView } from "~/components/issue-detail/held-issue-view";
import { IssueView } from "~/components/issue-detail/issue-view";
import { type HeldIssue, heldIssue } from "~/lib/held-issue";
import { MissingItemBoundary } from "~/components/shell-states";
import { useLiveLoaderData } from "~/hooks/use-live-screen";
import { issuePageAction, loadIssuePage } from "~/lib/issue-detail.server";
import { issuePageConcern } from "~/lib/live-board";
import { projectIssuesPath } from "~/lib/paths";
import type { ProjectPageHandle, ProjectShellData } from "./$workspaceSlug.projects.$projectId";

const SHELL_ROUTE = "routes/$workspaceSlug.projects.$projectId";

type IssueRouteData = Awaited<ReturnType<typeof loader>>;
/** Opened from a row the screen held: that row now, the page's data when the server answers. */
type OpenedFromRow = { held: HeldIssue; detail: Promise<IssueRouteData> };
type IssuePageLoaded = IssueRouteData | OpenedFromRow;

/** The issue's key and name, from the page's data or the row it was opened from. */
function shownIssue(data: IssuePageLoaded | undefined) {
  if (!data) return null;
  if ("held" in data) return { key: data.held.key, name: data.held.name };
  return { key: `${data.issue.project_detail.identifier}-${data.issue.sequence_id}`, name: data.issue.name };
}

export const handle: ProjectPageHandle = {
  crumbs: (params, data) => [
    { label: "Issues", to: projectIssuesPath(params.workspaceSlug ?? "", params.projectId ?? "") },
    { label: shownIssue(data as IssuePageLoaded | undefined)?.key ?? "Issue" },
  ],
};

export const meta: MetaFunction = ({ data }) => {
  const issue = shownIssue(data as IssuePageLoaded | undefined);
  return [{ title: issue ? `${issue.key} ${issue.name}` : "Issue" }];
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadIssuePage(request, context, params.workspaceSlug ?? "", params.projectId ?? "", params.issueId ?? "");
}

/**
 * Opening an issue from a row the screen holds does not wait for the server: the page shows the
 * row at once and the rest when it comes. The page's own reloads (after a write, a live notice)
 * and openings without a row wait for the server as before.
 */
export async function clientLoader({ request, params, serverLoader }: ClientLoaderFunctionArgs): Promise<IssuePageLoaded> {
  const held = heldIssue(params.issueId ?? "");
  const reload = new URL(request.url).pathname === window.location.pathname;
  if (!held || reload) return serverLoader<IssueRouteData>();
  return { held, detail: serverLoader<IssueRouteData>() };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return issuePageAction(request, context, params.workspaceSlug ?? "", params.projectId ?? "", params.issueId ?? "");
}

export default function IssuePage() {
  const loaded = useLoaderData<IssuePageLoaded>();
  // One tree for both: the page shown directly keeps its state across its reloads.
  return (
    <Suspense fallback={"held" in loaded ? <HeldIssueView issue={loaded.held} /> : null}>
      <Await resolve={"held" in loaded ? loaded.detail : loaded}>{(data) => <IssuePageBody loaded={data} />}</Await>
    </Suspense>
  );
}

function IssuePageBody({ loaded }: { loaded: IssueRouteData }) {
  // Comments, activity, sub-issues, relations, links and attachments others change show live.
  const data = useLiveLoaderData(loaded, issuePageConcern);
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
