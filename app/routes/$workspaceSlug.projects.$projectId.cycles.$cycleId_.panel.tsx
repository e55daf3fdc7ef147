// "/{slug}/projects/{projectId}/cycles/{cycleId}/panel": the data and writes of a cycle's side
// panel (a resource route the panel loads with a fetcher, so the issues page does not wait for it).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { cyclePanelAction, loadCyclePanel } from "~/lib/cycle-panel.server";

export function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadCyclePanel(request, context, params.workspaceSlug ?? "", params.projectId ?? "", params.cycleId ?? "");
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return cyclePanelAction(request, context, params.workspaceSlug ?? "", params.projectId ?? "", params.cycleId ?? "");
}
