// The project's integration cards: GitHub (issues synced with a repository) and Slack (issue news
// in a channel). Each card is its own file; connecting the workspace happens in the workspace's
// integrations, and a card without a workspace installation says so and leads there.
import { Link } from "@remix-run/react";
import { workspaceSettingsPath } from "~/lib/paths";
import { IconExternal } from "../icons";
import { SettingsSection, SettingsTitle } from "../settings/section";
import { buttonClass } from "../ui";
import { GithubCard } from "./github-card";

function SlackPlaceholder({ slug }: { slug: string }) {
  return (
    <SettingsSection label="Slack">
      <div className="flex flex-wrap items-center gap-4" data-testid="integration-slack">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-purple-700 text-sm font-bold text-white" aria-hidden="true">
          S
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-sm font-semibold text-neutral-900">Slack</h2>
          <p className="text-sm text-neutral-600">Post this project's issue news to a Slack channel.</p>
          <p className="mt-1 text-xs font-medium text-neutral-600">Not connected</p>
        </div>
        <Link to={workspaceSettingsPath(slug, "integrations")} className={buttonClass("secondary", "sm")}>
          Connect in workspace settings <IconExternal size={12} />
        </Link>
      </div>
    </SettingsSection>
  );
}

export function ProjectIntegrations({ slug, projectId }: { slug: string; projectId: string }) {
  return (
    <div className="space-y-6">
      <SettingsTitle title="Integrations" description="Connect this project to the tools your team already uses." />
      <GithubCard slug={slug} projectId={projectId} />
      <SlackPlaceholder slug={slug} />
    </div>
  );
}
