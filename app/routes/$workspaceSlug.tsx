// The workspace shell: sidebar + main area, the create-project modal, the command palette and the
// keyboard shortcuts (CommandCenter), and the not-authorized / not-found screens. Its action takes the
// workspace-level project intents so any page of the shell can post them.
import { routeErrorKind } from "~/lib/route-error";
import { shellShouldRevalidate } from "~/lib/shell-revalidation";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import {
  Link,
  Outlet,
  useLoaderData,
  useLocation,
  useNavigation,
  useParams,
  useRouteError,
} from "@remix-run/react";
import { lazy, useCallback, useEffect, useMemo, useState } from "react";
import { Suspense } from "~/lib/suspense";
import { CreateProjectInput } from "../../workers/domain/schemas/projects";
import { CommandCenter, CreateOpener } from "~/components/command-palette/command-center";
import { IconAlert, IconLock } from "~/components/icons";
import { FullPageState, LoadingState, ReconnectingState } from "~/components/shell-states";
import { useDroppedRequestRecovery } from "~/hooks/use-dropped-request-recovery";
import { ShellNoticesContext, useLiveShellData } from "~/hooks/use-live-shell";
import { Sidebar } from "~/components/sidebar";
import { MailFailingBanner } from "~/components/workspace-mail/mail-failing-banner";
import { buttonClass } from "~/components/ui";
import { WorkspaceShellContext, type WorkspaceShellValue } from "~/components/workspace-context";
import { useShortcut } from "~/hooks/use-shortcut";
import { assertSameOrigin, requireActor } from "~/lib/auth.server";
import { Invalid } from "../../workers/domain/errors";
import { actionError, invalidReply, replyWithError } from "~/lib/errors.server";
import { projectIssuesPath, safeNext } from "~/lib/paths";
import {
  addFavoriteProject,
  createProject,
  deleteProject,
  joinProjects,
  removeFavoriteProject,
} from "~/lib/projects.server";
import { rememberSidebarCollapsed } from "~/lib/sidebar";
import { flashToastCookie } from "~/lib/toast.server";
import { loadWorkspaceShell } from "~/lib/workspaces.server";

// The create-project form (Conform + zod + pickers) loads on first open, not with every page.
const CreateProjectDialog = lazy(() =>
  import("~/components/create-project-dialog").then((module) => ({ default: module.CreateProjectDialog })),
);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.workspace.name} · Edge Tracker` : "Edge Tracker" },
];

export const shouldRevalidate = shellShouldRevalidate("workspaceSlug");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadWorkspaceShell(request, context, params.workspaceSlug ?? "");
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  assertSameOrigin(context);
  const ctx = await requireActor(request, context);
  const slug = params.workspaceSlug ?? "";
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const projectId = String(formData.get("project_id") ?? "");

  if (intent === "create-project") {
    const submission = parseWithZod(formData, { schema: CreateProjectInput });
    if (submission.status !== "success") return invalidReply(submission);
    try {
      const project = await createProject(ctx, slug, submission.value);
      return redirect(projectIssuesPath(slug, project.id), {
        headers: { "Set-Cookie": flashToastCookie({ type: "success", message: "Project created successfully." }) },
      });
    } catch (error) {
      return replyWithError(submission, error, request);
    }
  }

  try {
    switch (intent) {
      case "join-project": {
        await joinProjects(ctx, slug, { project_ids: [projectId] });
        // From the project's own join screen, go (back) to the page asked for: an error boundary
        // only resets on a new location, so a plain revalidation would keep the join prompt up.
        const next = safeNext(String(formData.get("redirect_to") ?? ""));
        if (next) return redirect(next);
        break;
      }
      case "favorite":
        await addFavoriteProject(ctx, slug, { project: projectId });
        break;
      case "unfavorite":
        await removeFavoriteProject(ctx, slug, projectId);
        break;
      case "delete-project":
        await deleteProject(ctx, slug, projectId);
        // The card that asked unmounts with the project, so the toast is flashed from here.
        return data(
          { ok: true as const },
          { headers: { "Set-Cookie": flashToastCookie({ type: "success", message: "Project deleted successfully" }) } },
        );
      default:
        return actionError(new Invalid("Unknown action."), request);
    }
    return { ok: true as const };
  } catch (error) {
    return actionError(error, request);
  }
}

/** While another project of this workspace loads, its shell says so. */
function ProjectSwitchPending() {
  const navigation = useNavigation();
  const { workspaceSlug, projectId } = useParams();
  const target = navigation.state === "loading" ? navigation.location?.pathname : undefined;
  const match = target?.match(/^\/([^/]+)\/projects\/([^/]+)/);
  if (!match || match[1] !== workspaceSlug || match[2] === projectId) return null;
  return (
    <div className="absolute inset-0 z-30 animate-delayed-fade-in bg-surface">
      <LoadingState label="Loading your project..." />
    </div>
  );
}

export default function WorkspaceShell() {
  const loaded = useLoaderData<typeof loader>();
  const { data, notices } = useLiveShellData(loaded.workspace.slug, loaded);
  const { workspace, projects, favorites, workspaces, user, sidebarCollapsed, features, mailFailure, unread } = data;
  const [collapsed, setCollapsed] = useState(sidebarCollapsed);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const location = useLocation();

  // Navigating (including after creating a project) closes the transient UI.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the path changes.
  useEffect(() => {
    setMobileOpen(false);
    setCreateOpen(false);
  }, [location.pathname]);

  const toggleCollapsed = useCallback(() => {
    setCollapsed((value) => {
      rememberSidebarCollapsed(!value);
      return !value;
    });
  }, []);
  useShortcut({ key: "b", mod: true, allowInInputs: true }, toggleCollapsed);
  const openCreateProject = useCallback(() => setCreateOpen(true), []);

  const shell = useMemo<WorkspaceShellValue>(
    () => ({
      workspace,
      projects,
      features,
      openCreateProject,
      openSidebar: () => setMobileOpen(true),
    }),
    [workspace, projects, features, openCreateProject],
  );

  return (
    <WorkspaceShellContext.Provider value={shell}>
      <ShellNoticesContext.Provider value={notices}>
        <CommandCenter workspaceSlug={workspace.slug}>
          <CreateOpener kind="project" open={openCreateProject} />
          <div className="flex min-h-screen bg-surface">
            <Sidebar
              workspace={workspace}
              workspaces={workspaces}
              projects={projects}
              favorites={favorites}
              user={user}
              unread={unread}
              collapsed={collapsed}
              mobileOpen={mobileOpen}
              onToggleCollapsed={toggleCollapsed}
              onCloseMobile={() => setMobileOpen(false)}
              onCreateProject={openCreateProject}
            />
            <main className="relative flex min-w-0 flex-1 flex-col">
              {mailFailure ? <MailFailingBanner slug={workspace.slug} failure={mailFailure} /> : null}
              <Outlet />
              <ProjectSwitchPending />
            </main>
          </div>
          {createOpen ? (
            <Suspense fallback={null}>
              <CreateProjectDialog slug={workspace.slug} open={createOpen} onOpenChange={setCreateOpen} />
            </Suspense>
          ) : null}
        </CommandCenter>
      </ShellNoticesContext.Provider>
    </WorkspaceShellContext.Provider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (useDroppedRequestRecovery(error)) return <ReconnectingState fullPage />;
  const kind = routeErrorKind(error);
  if (kind === "Unauthenticated" || kind === "Forbidden") {
    return (
      <FullPageState
        icon={<IconLock size={24} />}
        title="Not Authorized!"
        description="You're not a member of this workspace. Please contact the workspace admin to get an invitation or check your pending invitations."
      >
        <Link to="/invitations" className={buttonClass("secondary")}>
          Check pending invites
        </Link>
        <Link to="/create-workspace" className={buttonClass("primary")}>
          Create new workspace
        </Link>
      </FullPageState>
    );
  }
  if (kind === "NotFound") {
    return (
      <FullPageState icon={<IconAlert size={24} />} title="No such workspace exist. Create one?">
        <Link to="/create-workspace" className={buttonClass("primary")}>
          Create workspace
        </Link>
      </FullPageState>
    );
  }
  throw error;
}
