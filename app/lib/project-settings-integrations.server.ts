// Server side of the project settings Integrations page: what the Slack card shows (the
// workspace's installation, the project's channel). The card starts its round trip and
// writes through the REST API from the browser.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { ROLE } from "../../workers/domain/access";
import { myProjectMembership } from "../../workers/domain/projects";
import { slackCardOf } from "../../workers/domain/slack";
import { requireActor } from "./auth.server";
import { loadOrThrow } from "./errors.server";
import type { ProjectIntegrationsData } from "./project-settings-integrations-contract";

/** The Integrations page's data: the Slack card for members and owners, nothing for viewers and guests. */
export async function loadProjectIntegrations(request: Request, context: AppLoadContext, slug: string, projectId: string): Promise<ProjectIntegrationsData> {
  const ctx = await requireActor(request, context);
  return loadOrThrow(request, async () => {
    const membership = await myProjectMembership(ctx, slug, projectId);
    if (membership.role < ROLE.member) return { authorized: false as const };
    return { authorized: true as const, slack: await slackCardOf(ctx, slug, projectId) };
  });
}
