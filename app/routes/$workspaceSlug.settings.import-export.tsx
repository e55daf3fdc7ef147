// "/{slug}/settings/import-export": the entry for importers (GitHub, Jira) and exports, whose
// screen comes with the importers work.
import type { MetaFunction } from "@remix-run/cloudflare";
import { ComingSoon } from "~/components/settings/section";

export const meta: MetaFunction = () => [{ title: "Import/Export · Workspace settings" }];

export default function WorkspaceImportExport() {
  return <ComingSoon title="Import/Export" description="Bring issues in from GitHub or Jira, or take them out." />;
}
