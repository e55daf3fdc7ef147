// "/{slug}/settings/import-export": the importers' landing page (Relocation Guide, providers,
// exports, Previous Imports); `?provider=github|jira|csv` opens that provider's wizard instead.
// The wizards are their own chunks: the landing page does not load them.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useLocation, useParams } from "@remix-run/react";
import { ImportExportLanding } from "~/components/import-export/landing";
import { WizardFallback } from "~/components/import-export/wizard-shell";
import { type ImportProvider, providerOf } from "~/lib/import-export-contract";
import { loadImportExport } from "~/lib/import-export.server";
import { preloadable } from "~/lib/preloadable";

export const meta: MetaFunction = () => [{ title: "Import/Export · Workspace settings" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadImportExport(request, context, params.workspaceSlug ?? "");
}


const WIZARDS = {
  github: preloadable("import-export/github", () => import("~/components/import-export/github-wizard"), <WizardFallback />),
  jira: preloadable("import-export/jira", () => import("~/components/import-export/jira-wizard"), <WizardFallback />),
  csv: preloadable("import-export/csv", () => import("~/components/import-export/csv-wizard"), <WizardFallback />),
} satisfies Record<ImportProvider, unknown>;

export default function WorkspaceImportExport() {
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const slug = useParams().workspaceSlug ?? "";
  // The settings layout shows the not-authorized screen; this page reads nothing for them.
  if (!data.authorized) return null;
  const provider = providerOf(search);
  if (provider) {
    const Wizard = WIZARDS[provider];
    return <Wizard slug={slug} projects={data.projects} members={data.members} canManageCredentials={data.can_manage_credentials} />;
  }
  return <ImportExportLanding slug={slug} importers={data.importers} exports={data.exports} projects={data.projects} />;
}
