// The page every issue-views route renders (project issues, a cycle, a module, a saved view), with
// its revalidation rule; the loader and action are in app/lib/issue-views-route.server.ts. Each
// route file only names its breadcrumbs and title.
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { IssueViews } from "./issue-views";
import { useToast } from "~/components/toast";
import type { IssueViewsActionResult, IssueViewsData, IssueViewsIntent } from "~/lib/issue-views.server";
import { cycleIssuesPath, moduleIssuesPath, projectIssuesPath, viewIssuesPath } from "~/lib/paths";

const AddExistingIssuesDialog = lazy(() =>
  import("./dialogs").then((module) => ({ default: module.AddExistingIssuesDialog })),
);

/**
 * Layout, grouping, ordering and property toggles are applied on the page already: saving them
 * needs no new list. Filter changes and issue writes reload it (spec: "then the list is refetched").
 */
export const issueViewsShouldRevalidate: ShouldRevalidateFunction = ({ json, defaultShouldRevalidate }) => {
  const body = json as { intent?: string; view_props?: Record<string, unknown> } | undefined;
  if (body?.intent === "properties") return false;
  if (body?.intent === "display" && body.view_props && !("filters" in body.view_props)) return false;
  return defaultShouldRevalidate;
};

/** The page: the views for the route's source, with "Add existing issues" on cycles and modules. */
export function IssueViewsPage({ title }: { title?: string }) {
  const data = useLoaderData() as IssueViewsData;
  const [adding, setAdding] = useState(false);
  const { workspaceSlug, project, source } = data;
  const actionPath = issueViewsPathOf(workspaceSlug, project.id, source);
  const container = source.kind === "cycle" || source.kind === "module" ? source : null;
  const addExisting = useAddExisting(actionPath, () => setAdding(false));
  return (
    <>
      <IssueViews
        key={`${project.id}:${source.kind}:${source.id ?? ""}`}
        data={data}
        actionPath={actionPath}
        title={title ?? source.name ?? "Issues"}
        onAddExisting={container && data.canEdit ? () => setAdding(true) : undefined}
        viewPath={(viewId) => viewIssuesPath(workspaceSlug, project.id, viewId)}
      />
      {adding && container ? (
        <Suspense fallback={null}>
          <AddExistingIssuesDialog
            slug={workspaceSlug}
            project={project}
            exclude={data.issues.map((issue) => issue.id)}
            onConfirm={addExisting}
            onClose={() => setAdding(false)}
          />
        </Suspense>
      ) : null}
    </>
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
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      toast.show({ type: "success", title: "Success!", message: "Issues added successfully." });
      done.current();
    } else {
      toast.show({ type: "error", title: "Error!", message: fetcher.data.error });
    }
  }, [fetcher.state, fetcher.data, toast]);
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
