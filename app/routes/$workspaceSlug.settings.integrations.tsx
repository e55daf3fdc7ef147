// "/{slug}/settings/integrations": the entry for the workspace's integrations (GitHub, Slack),
// whose screen comes with the integrations work.
import type { MetaFunction } from "@remix-run/cloudflare";
import { ComingSoon } from "~/components/settings/section";

export const meta: MetaFunction = () => [{ title: "Integrations · Workspace settings" }];

export default function WorkspaceIntegrations() {
  return <ComingSoon title="Integrations" description="Connect GitHub and Slack to the workspace's projects." />;
}
