// The points of the estimate the project uses, for the views' estimate buttons and menu: the
// project (and the id of its estimate) comes from the project shell's loader, the estimates from
// the shared project lists, whose code loads only once the estimate property is shown (the board
// opens without it). Null while the project uses no estimate: points are then 0-7.
import { useParams, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";

const SHELL_ROUTE = "routes/$workspaceSlug.projects.$projectId";
/** The part of the project shell's loader data read here. */
type ShellData = { project: { id: string; estimate: string | null } };

export type EstimatePoints = { key: number; value: string }[] | null;

/** The project's estimate points, read each time `active` turns on (the estimate property is shown). */
export function useEstimatePoints(active: boolean): EstimatePoints {
  const project = useRouteLoaderData<ShellData>(SHELL_ROUTE)?.project;
  const { workspaceSlug = "" } = useParams();
  const projectId = project?.id ?? "";
  const estimateId = project?.estimate ?? null;
  const [points, setPoints] = useState<{ of: string; points: EstimatePoints } | null>(null);
  useEffect(() => {
    if (!active || !estimateId) return;
    let current = true;
    void import("../issue-detail/project-data")
      .then((lists) => lists.loadResource(workspaceSlug, projectId, "estimates"))
      .then((estimates) => {
        if (current) setPoints({ of: estimateId, points: estimates.find((estimate) => estimate.id === estimateId)?.points ?? null });
      });
    return () => {
      current = false;
    };
  }, [active, estimateId, workspaceSlug, projectId]);
  return estimateId && points?.of === estimateId ? points.points : null;
}
