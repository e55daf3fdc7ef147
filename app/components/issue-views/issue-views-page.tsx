// The page every issue-views route renders (project issues, a cycle, a module, a saved view), with
// its revalidation rule; the loader and action are in app/lib/issue-views-route.server.ts. Each
// route file only names its breadcrumbs and title.
import type { MetaFunction } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Await, useFetcher, useLoaderData, useParams } from "@remix-run/react";
import { type ReactNode, lazy, useMemo, useState } from "react";
import { Suspense } from "~/lib/suspense";
import { IconAlert } from "~/components/icons";
import { InlineState, MissingItemBoundary } from "~/components/shell-states";
import { Spinner } from "~/components/ui";
import { IssueViews } from "./issue-views";
import { useToast } from "~/components/toast";
import { useAction } from "~/hooks/use-action";
import type { IssueViewsActionResult, IssueViewsData, IssueViewsIntent, IssueViewsLoaderData, IssueWindows } from "~/lib/issue-views-contract";
import type { ProjectPageHandle } from "~/components/shell-header";
import { cycleIssuesPath, moduleIssuesPath, projectIssuesPath, viewIssuesPath } from "~/lib/paths";

const AddExistingIssuesDialog = lazy(() =>
  import("./dialogs").then((module) => ({ default: module.AddExistingIssuesDialog })),
);

/**
 * The views keep their issues up to date themselves: a display change reads the windows it needs
 * (use-issue-windows.tsx), an issue write puts the row its answer carries in place, and the board's
 * changes arrive through the socket. A reload would drop the pages read as the reader scrolled.
 * Saving a view and adding existing issues reload the page.
 */
const WRITES_THE_VIEWS_APPLY = new Set(["properties", "display", "update-issue", "delete-issue", "bulk-delete"]);
export const issueViewsShouldRevalidate: ShouldRevalidateFunction = ({ json, defaultShouldRevalidate }) => {
  const body = json as { intent?: string } | undefined;
  if (body?.intent && WRITES_THE_VIEWS_APPLY.has(body.intent)) return false;
  return defaultShouldRevalidate;
};

/**
 * The page: the views for the route's source, with "Add existing issues" on cycles and modules.
 * The issues stream in after the page's frame (the loader answers them as a promise); while a
 * revalidation fetches new ones, React keeps the current board (Remix updates in a transition).
 */
/**
 * `aside` is shown to the right of the views (a cycle's or module's side panel), and
 * `headerActions` at the start of the views' header (the panel's toggle).
 */
export function IssueViewsPage({ title, aside, headerActions }: { title?: string; aside?: ReactNode; headerActions?: ReactNode }) {
  const loaded = useLoaderData() as IssueViewsLoaderData;
  const heading = title ?? loaded.source.name ?? "Issues";
  const views = (
    <Suspense fallback={<IssuesLoading title={heading} />}>
      <Await resolve={loaded.windows} errorElement={<IssuesFailed />}>
        {(windows) => <ResolvedIssueViews loaded={loaded} windows={windows} title={heading} headerActions={headerActions} />}
      </Await>
    </Suspense>
  );
  if (!aside) return views;
  // The aside stays mounted while the issues stream in and reload: it has its own data.
  return (
    <div className="relative flex min-w-0">
      <div className="min-w-0 flex-1">{views}</div>
      {aside}
    </div>
  );
}

function ResolvedIssueViews({
  loaded,
  windows,
  title,
  headerActions,
}: { loaded: IssueViewsLoaderData; windows: IssueWindows; title: string; headerActions?: ReactNode }) {
  const data = useMemo<IssueViewsData>(() => ({ ...loaded, windows }), [loaded, windows]);
  const [adding, setAdding] = useState(false);
  const { workspaceSlug, project, source } = data;
  const actionPath = issueViewsPathOf(workspaceSlug, project.id, source);
  const container = source.kind === "cycle" || source.kind === "module" ? source : null;
  const addExisting = useAddExisting(actionPath, () => setAdding(false));
  const shownIds = useMemo(() => windows.issues.map((issue) => issue.id), [windows]);
  return (
    <>
      <IssueViews
        key={`${project.id}:${source.kind}:${source.id ?? ""}`}
        data={data}
        actionPath={actionPath}
        title={title}
        headerActions={headerActions}
        onAddExisting={container && data.canEdit ? () => setAdding(true) : undefined}
        viewPath={(viewId) => viewIssuesPath(workspaceSlug, project.id, viewId)}
      />
      {adding && container ? (
        <Suspense fallback={null}>
          <AddExistingIssuesDialog
            slug={workspaceSlug}
            project={project}
            exclude={shownIds}
            onConfirm={addExisting}
            onClose={() => setAdding(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function IssuesLoading({ title }: { title: string }) {
  return (
    <div className="flex h-[calc(100vh-3.5rem)] min-h-0 flex-col bg-surface">
      <div className="flex min-h-12 shrink-0 items-center gap-3 border-b border-neutral-200 px-4 py-2 sm:px-6">
        <h1 className="text-sm font-semibold text-neutral-900">{title}</h1>
      </div>
      <div className="flex flex-1 items-center justify-center gap-2 text-sm text-neutral-500" role="status">
        <Spinner />
        Loading issues...
      </div>
    </div>
  );
}

function IssuesFailed() {
  return (
    <InlineState
      icon={<IconAlert size={24} />}
      title="Issues could not be loaded"
      description="Something went wrong while loading the issues. Please reload the page."
    />
  );
}

function issueViewsPathOf(slug: string, projectId: string, source: IssueViewsData["source"]) {
  switch (source.kind) {
    case "cycle":
      return cycleIssuesPath(slug, projectId, source.id ?? "");
    case "module":
      return moduleIssuesPath(slug, projectId, source.id ?? "");
    case "view":
      return viewIssuesPath(slug, projectId, source.id ?? "");
    default:
      return projectIssuesPath(slug, projectId);
  }
}

/** Posts the picked issues to the page's action; the page's list reloads when it answers. */
function useAddExisting(actionPath: string, onDone: () => void) {
  const fetcher = useFetcher<IssueViewsActionResult>();
  const toast = useToast();
  useAction(fetcher, {
    onDone: () => {
      toast.show({ type: "success", title: "Success!", message: "Issues added successfully." });
      onDone();
    },
  });
  return (issueIds: string[]) => {
    const body: IssueViewsIntent = { intent: "add-existing", issue_ids: issueIds };
    fetcher.submit(body as never, { method: "post", action: actionPath, encType: "application/json" });
  };
}

/** The project's name from the project shell's loader data, for page titles. */
export function projectNameOf(matches: readonly { id: string; data?: unknown }[]) {
  const shell = matches.find((match) => match.id === "routes/$workspaceSlug.projects.$projectId")?.data as
    | { project?: { name: string } }
    | undefined;
  return shell?.project?.name ?? "Project";
}

/**
 * Breadcrumbs and title of a cycle, module or saved-view page: "{Cycles} > {name}", where the
 * section links to its list (`sectionPath`) and the name comes from the loader's source.
 */
export function sourcePageRoute(section: string, sectionPath: (slug: string, projectId: string) => string, fallback: string) {
  const nameOf = (data: unknown) => (data as IssueViewsLoaderData | undefined)?.source.name ?? fallback;
  const handle: ProjectPageHandle = {
    crumbs: (params, data) => [
      { label: section, to: sectionPath(params.workspaceSlug ?? "", params.projectId ?? "") },
      { label: nameOf(data) },
    ],
  };
  const meta: MetaFunction = ({ data, matches }) => [{ title: `${nameOf(data)} · ${projectNameOf(matches)}` }];
  function ErrorBoundary() {
    const { workspaceSlug = "", projectId = "" } = useParams();
    return <MissingItemBoundary item={fallback} listLabel={section} listPath={sectionPath(workspaceSlug, projectId)} />;
  }
  return { handle, meta, ErrorBoundary };
}
