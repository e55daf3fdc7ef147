// The project shell: the project header (breadcrumbs, live presence) around the
// project's pages, and the join / not-found screens.
import { routeErrorKind } from "~/lib/route-error";
import { shellShouldRevalidate } from "~/lib/shell-revalidation";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  Outlet,
  useFetcher,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { type ReactNode, useEffect, useMemo } from "react";
import { HeldIssueView } from "~/components/issue-detail/held-issue-view";
import { heldIssueAt } from "~/lib/held-issue";
import type { Change } from "../../durable-objects/protocol";
import { ROLE } from "../../workers/domain/schemas/constants";
import { IconAlert, IconLock } from "~/components/icons";
import { IssueModalProvider } from "~/components/issue-modal/context";
import { PresenceIndicator } from "~/components/presence-indicator";
import { ProjectCreateDialogs } from "~/components/project-create-dialogs";
import { ProjectIcon } from "~/components/project-icon";
import { type Crumb, type ProjectPageHandle, ShellHeader } from "~/components/shell-header";
import { InlineState, ReconnectingState } from "~/components/shell-states";
import { useDroppedRequestRecovery } from "~/hooks/use-dropped-request-recovery";
import { buttonClass, truncate } from "~/components/ui";
import { useWorkspaceShell } from "~/components/workspace-context";
import { BoardHubContext, useBoardHub } from "~/hooks/use-live-issues";
import { useProjectBoard } from "~/hooks/use-project-board";
import { useRevalidateWhenIdle } from "~/hooks/use-revalidate-when-idle";
import { issueFormAction } from "~/lib/issue-detail.server";
import type { BoardHub } from "~/lib/live-board";
import { projectIssuesPath } from "~/lib/paths";
import { loadProjectShell } from "~/lib/projects.server";

export const shouldRevalidate = shellShouldRevalidate("workspaceSlug", "projectId");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadProjectShell(request, context, params.workspaceSlug ?? "", params.projectId ?? "");
}

export type ProjectShellData = Awaited<ReturnType<typeof loader>>;

/** The create/update issue modal posts here, so it works on every page of the project. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return issueFormAction(request, context, params.workspaceSlug ?? "", params.projectId ?? "");
}

export type { ProjectPageHandle };

function useChildCrumbs(): Crumb[] {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index].handle as ProjectPageHandle | undefined;
    if (handle?.crumbs) return handle.crumbs(matches[index].params, matches[index].data);
    if (handle?.crumb) {
      return [{ label: typeof handle.crumb === "function" ? handle.crumb(matches[index].params) : handle.crumb }];
    }
  }
  return [];
}

/**
 * Issue changes patch the mounted issue views in place (app/lib/live-board.ts); anything they
 * cannot place, and resets, reload the page's data (debounced: bursts become one reload).
 */
function useBoardChangeHandlers(hub: BoardHub) {
  const schedule = useRevalidateWhenIdle();
  return useMemo(() => {
    hub.reloadPage = schedule;
    return {
      onChanges: (changes: Change[], clock: number) => {
        if (!hub.deliver(changes, clock)) schedule();
      },
      onReset: () => {
        hub.reset();
        schedule();
      },
    };
  }, [hub, schedule]);
}

/**
 * The board clock the page's data was read at: the oldest among the loaders that report one (this
 * shell's and the issue views'), so no loaded data misses a batch; 0 when a read failed.
 */
function useLoadedBoardClock(): number {
  const matches = useMatches();
  let oldest: number | null = null;
  for (const match of matches) {
    const data = match.data as { boardClock?: number | null } | undefined;
    if (!data || !("boardClock" in data)) continue;
    const clock = data.boardClock ?? 0;
    oldest = oldest === null ? clock : Math.min(oldest, clock);
  }
  return oldest ?? 0;
}

export default function ProjectShell() {
  const { project } = useLoaderData<typeof loader>();
  const { workspace } = useWorkspaceShell();
  const crumbs = useChildCrumbs();
  const hub = useBoardHub();
  const board = useProjectBoard(workspace.slug, project.id, useLoadedBoardClock(), useBoardChangeHandlers(hub));
  // The same objects across the shell's re-renders (presence, board status), so the page below
  // re-renders only when the project itself changes.
  const outletContext = useMemo(() => ({ project }), [project]);
  const modalProject = useMemo(
    () => ({ id: project.id, identifier: project.identifier, name: project.name, estimate: project.estimate }),
    [project.id, project.identifier, project.name, project.estimate],
  );
  return (
    <>
      <ShellHeader
        breadcrumbs={[
          { label: "Projects", to: `/${workspace.slug}` },
          {
            label: (
              <span className="flex items-center gap-1.5">
                <ProjectIcon project={project} size="sm" />
                <span className="truncate">{truncate(project.name, 40)}</span>
              </span>
            ),
            to: projectIssuesPath(workspace.slug, project.id),
          },
          ...crumbs,
        ]}
        right={<PresenceIndicator users={board.presence} status={board.status} />}
      />
      <IssueModalProvider
        slug={workspace.slug}
        project={modalProject}
        canCreate={(project.member_role ?? 0) >= ROLE.member}
      >
        <BoardHubContext.Provider value={hub}>
          <PageOrOpeningIssue>
            <Outlet context={outletContext} />
          </PageOrOpeningIssue>
        </BoardHubContext.Provider>
      </IssueModalProvider>
      <ProjectCreateDialogs
        workspaceSlug={workspace.slug}
        projectId={project.id}
        canCreate={(project.member_role ?? 0) >= ROLE.member}
        showsModules={project.module_view}
        showsViews={project.issue_views_view}
        showsPages={project.page_view}
        showsCycles={project.cycle_view}
      />
    </>
  );
}

/**
 * The page below, or, while an issue opened from a row is on its way, that row in the issue
 * page's frame: it shows before the page's code or data has arrived.
 */
function PageOrOpeningIssue({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  const location = useLocation();
  const target = navigation.state === "loading" ? navigation.location : undefined;
  const opening = target && target.pathname !== location.pathname ? heldIssueAt(target.pathname) : null;
  return opening ? <HeldIssueView issue={opening} /> : children;
}

function JoinProjectPrompt({ slug, projectId }: { slug: string; projectId: string }) {
  const fetcher = useFetcher<{ ok?: boolean; error?: string }>();
  const location = useLocation();
  const joining = fetcher.state !== "idle";
  useEffect(() => {
    // A failed join is only logged; the button returns to normal.
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) console.error("join project failed", fetcher.data.error);
  }, [fetcher.state, fetcher.data]);
  return (
    <InlineState
      icon={<IconLock size={24} />}
      title="You are not a member of this project"
      description="Join the project to see its issues, cycles and pages."
    >
      <fetcher.Form method="post" action={`/${slug}`}>
        <input type="hidden" name="intent" value="join-project" />
        <input type="hidden" name="project_id" value={projectId} />
        <input type="hidden" name="redirect_to" value={location.pathname + location.search} />
        <button type="submit" className={buttonClass("primary")} disabled={joining}>
          {joining ? "Joining..." : "Click to join"}
        </button>
      </fetcher.Form>
    </InlineState>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { workspace, openCreateProject } = useWorkspaceShell();
  const matches = useMatches();
  const projectId = matches.find((match) => match.id === "routes/$workspaceSlug.projects.$projectId")?.params.projectId ?? "";
  const recovering = useDroppedRequestRecovery(error);
  if (recovering) return <ReconnectingState />;
  const kind = routeErrorKind(error);
  if (kind !== "Unauthenticated" && kind !== "Forbidden" && kind !== "NotFound") throw error;
  return (
    <>
      <ShellHeader breadcrumbs={[{ label: "Projects", to: `/${workspace.slug}` }, { label: "Project" }]} />
      {kind === "NotFound" ? (
        <InlineState icon={<IconAlert size={24} />} title="No such project exists. Create one?">
          <button type="button" onClick={openCreateProject} className={buttonClass("primary")}>
            Create project
          </button>
        </InlineState>
      ) : (
        <JoinProjectPrompt slug={workspace.slug} projectId={projectId} />
      )}
    </>
  );
}
