// "/{slug}/projects/{projectId}/cycles/{cycleId}": the cycle's issues in the same issue views as
// the project's issues (the route's params choose the list source), with the cycle's side panel
// beside them and, once the cycle is completed, the banner that offers to transfer what is left.
import { useParams } from "@remix-run/react";
import { lazy, startTransition, useEffect, useState } from "react";
import { Suspense } from "~/lib/suspense";
import { IconChevronDown } from "~/components/icons";
import { IssueViewsPage, issueViewsShouldRevalidate, sourcePageRoute } from "~/components/issue-views/issue-views-page";
import { buttonClass } from "~/components/ui";
import { useCyclePanelData } from "~/hooks/use-cycle-panel-data";
import { issueViewsLoader, issueViewsRouteAction } from "~/lib/issue-views-route.server";
import { cyclePanelPath, projectCyclesPath } from "~/lib/paths";

const CyclePanel = lazy(() => import("~/components/cycles/cycle-panel"));

export const { handle, meta, ErrorBoundary } = sourcePageRoute("Cycles", projectCyclesPath, "Cycle");
export const loader = issueViewsLoader;
export const action = issueViewsRouteAction;
export const shouldRevalidate = issueViewsShouldRevalidate;

/** The panel starts open where it fits beside the issues. */
const PANEL_BESIDE_QUERY = "(min-width: 1024px)";

export default function CycleIssues() {
  const { workspaceSlug = "", projectId = "", cycleId = "" } = useParams();
  const panel = useCyclePanelData(cyclePanelPath(workspaceSlug, projectId, cycleId), cycleId);
  const [open, setOpen] = useState(false);
  const [transferOpen, setTransferOpen] = useState(false);
  useEffect(() => {
    // Not urgent: the issues below may still be hydrating.
    startTransition(() => setOpen(window.matchMedia(PANEL_BESIDE_QUERY).matches));
  }, []);
  const cycle = panel?.cycle;
  const unfinished = cycle ? cycle.backlog_issues + cycle.unstarted_issues + cycle.started_issues : 0;
  return (
    <IssueViewsPage
      headerActions={
        <>
          {cycle?.status === "completed" ? (
            <div className="flex items-center gap-2 rounded-md bg-amber-50 px-2.5 py-1 text-xs text-amber-900 dark:bg-amber-500/15 dark:text-amber-200" role="note">
              Completed cycles are not editable.
              {unfinished > 0 ? (
                <button type="button" className={buttonClass("secondary", "sm")} onClick={() => setTransferOpen(true)}>
                  Transfer Issues
                </button>
              ) : null}
            </div>
          ) : null}
          <button type="button" aria-pressed={open} onClick={() => setOpen((value) => !value)} className={buttonClass("secondary", "sm", "whitespace-nowrap")}>
            <IconChevronDown size={14} className={open ? "-rotate-90" : "rotate-90"} />
            Cycle details
          </button>
        </>
      }
      aside={
        <Suspense fallback={null}>
          <CyclePanel
            workspaceSlug={workspaceSlug}
            projectId={projectId}
            cycleId={cycleId}
            panel={panel}
            open={open}
            transferOpen={transferOpen}
            onTransferOpenChange={setTransferOpen}
          />
        </Suspense>
      }
    />
  );
}
