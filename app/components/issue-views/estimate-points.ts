// The points of the estimate the project uses, for the views' estimate buttons and menu: the
// project (and the id of its estimate) comes from the project shell's loader, the estimates from
// the shared project lists. Null while the project uses no estimate: points are then 0-7.
import { useParams, useRouteLoaderData } from "@remix-run/react";
import { useProjectResource } from "../issue-detail/project-data";

const SHELL_ROUTE = "routes/$workspaceSlug.projects.$projectId";
/** The part of the project shell's loader data read here. */
type ShellData = { project: { id: string; estimate: string | null } };

export type EstimatePoints = { key: number; value: string }[] | null;

/** The project's estimate points, read once `active` (the estimate property is shown). */
export function useEstimatePoints(active: boolean): EstimatePoints {
  const project = useRouteLoaderData<ShellData>(SHELL_ROUTE)?.project;
  const { workspaceSlug = "" } = useParams();
  const estimateId = project?.estimate ?? null;
  const estimates = useProjectResource(workspaceSlug, project?.id ?? "", "estimates", active && estimateId !== null);
  if (!estimateId) return null;
  return estimates.data?.find((estimate) => estimate.id === estimateId)?.points ?? null;
}
