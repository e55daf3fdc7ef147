// "/{slug}/projects/{projectId}/modules": the project's modules as cards (favourites first) or on
// a timeline, with the create, edit and delete dialogs for members and owners. The module dialog
// and the module sidebar post their intents to this route's action.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useParams } from "@remix-run/react";
import { ModulesList } from "~/components/modules/modules-list";
import { loadModulesPage, modulesPageAction } from "~/lib/modules-page.server";
import type { ProjectPageHandle } from "./$workspaceSlug.projects.$projectId";

export const handle: ProjectPageHandle = { crumb: "Modules" };

export const meta: MetaFunction = ({ matches }) => {
  const shell = matches.find((match) => match.id === "routes/$workspaceSlug.projects.$projectId")?.data as
    | { project?: { name: string } }
    | undefined;
  return [{ title: `Modules · ${shell?.project?.name ?? "Project"}` }];
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadModulesPage(request, context, params.workspaceSlug ?? "", params.projectId ?? "");
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return modulesPageAction(request, context, params.workspaceSlug ?? "", params.projectId ?? "");
}

export default function ModulesPage() {
  const data = useLoaderData<typeof loader>();
  const { workspaceSlug = "" } = useParams();
  return <ModulesList data={data} workspaceSlug={workspaceSlug} />;
}
