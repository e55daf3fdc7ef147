// "/{slug}/projects/{projectId}/cycles": the project's cycles, one tab at a time (`?tab=`), as a
// list or a board, the active cycle's dashboard on the current tab, and the create, edit and
// delete dialogs. The cycle dialog posts here from anywhere in the project.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useParams } from "@remix-run/react";
import { CyclesList } from "~/components/cycles/cycles-list";
import { cyclesPageAction, loadCyclesPage } from "~/lib/cycles-page.server";
import type { ProjectPageHandle } from "./$workspaceSlug.projects.$projectId";

export const handle: ProjectPageHandle = { crumb: "Cycles" };

export const meta: MetaFunction = ({ matches }) => {
  const shell = matches.find((match) => match.id === "routes/$workspaceSlug.projects.$projectId")?.data as
    | { project?: { name: string } }
    | undefined;
  return [{ title: `Cycles · ${shell?.project?.name ?? "Project"}` }];
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadCyclesPage(request, context, params.workspaceSlug ?? "", params.projectId ?? "");
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return cyclesPageAction(request, context, params.workspaceSlug ?? "", params.projectId ?? "");
}

export default function CyclesPage() {
  const data = useLoaderData<typeof loader>();
  const { workspaceSlug = "" } = useParams();
  return <CyclesList data={data} workspaceSlug={workspaceSlug} />;
}
