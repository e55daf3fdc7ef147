// "/{slug}/projects/{projectId}/modules/{moduleId}": the module's issues in the same issue views as
// the project's issues (the route's params choose the list source), with the module's sidebar. The
// sidebar's read starts beside the views' and reaches the page as a promise: the views never wait
// for it.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { useLoaderData, useParams } from "@remix-run/react";
import { startTransition, useCallback, useEffect, useMemo, useState } from "react";
import { IconChevronDown } from "~/components/icons";
import { IssueViewsPage, issueViewsShouldRevalidate, sourcePageRoute } from "~/components/issue-views/issue-views-page";
import { buttonClass } from "~/components/ui";
import { issueViewsLoader, issueViewsRouteAction } from "~/lib/issue-views-route.server";
import { loadModuleSidebar } from "~/lib/modules-page.server";
import type { ModuleSidebarData } from "~/lib/modules-page-contract";
import { projectModulesPath } from "~/lib/paths";
import { preloadable } from "~/lib/preloadable";

// Its own chunk, which the server renders and the browser loads before hydrating.
const ModuleSidebar = preloadable("modules/sidebar", () => import("~/components/modules/module-sidebar"), null);

export const { handle, meta, ErrorBoundary } = sourcePageRoute("Modules", projectModulesPath, "Module");
export const action = issueViewsRouteAction;

export async function loader(args: LoaderFunctionArgs) {
  const { request, context, params } = args;
  const sidebar = loadModuleSidebar(request, context, params.workspaceSlug ?? "", params.projectId ?? "", params.moduleId ?? "");
  const views = await issueViewsLoader(args);
  return { ...views, sidebar };
}

/** A deleted module is not read again: the page leaves for the module list. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => {
  const body = args.json as { intent?: string } | undefined;
  const answer = args.actionResult as { ok?: boolean } | undefined;
  if (body?.intent === "delete-module" && answer?.ok) return false;
  return issueViewsShouldRevalidate(args);
};

/** The sidebar starts open where it fits beside the issues. */
const SIDEBAR_BESIDE_QUERY = "(min-width: 1024px)";

export default function ModuleIssues() {
  const { sidebar } = useLoaderData() as { sidebar: Promise<ModuleSidebarData | null> };
  const { workspaceSlug = "", projectId = "" } = useParams();
  // null until the window's width is known: the server renders the sidebar for wide screens only.
  const [open, setOpen] = useState<boolean | null>(null);
  useEffect(() => {
    // Not urgent: the issues beside it may still be hydrating.
    startTransition(() => setOpen((value) => value ?? window.matchMedia(SIDEBAR_BESIDE_QUERY).matches));
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const shown = open ?? false;
  // The same element while nothing it shows changes: the views re-render often (live changes).
  const aside = useMemo(
    () =>
      open !== false ? (
        <ModuleSidebar sidebar={sidebar} workspaceSlug={workspaceSlug} projectId={projectId} onClose={close} wideOnly={open === null} />
      ) : null,
    [open, sidebar, workspaceSlug, projectId, close],
  );
  return (
    <IssueViewsPage
      headerActions={
        <button type="button" aria-pressed={shown} onClick={() => setOpen(!shown)} className={buttonClass("secondary", "sm", "whitespace-nowrap")}>
          <IconChevronDown size={14} className={shown ? "-rotate-90" : "rotate-90"} />
          Module details
        </button>
      }
      aside={aside}
    />
  );
}
