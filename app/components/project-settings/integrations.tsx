// The project's integration cards: GitHub (issues synced with a repository) and Slack (issue news
// in a channel, slack-card.tsx). Connecting happens in the workspace's integrations; until a
// workspace is connected, each card says so and leads there.
import { Link } from "@remix-run/react";
import { workspaceSettingsPath } from "~/lib/paths";
import type { SlackCardData } from "../../../workers/domain/schemas/slack";
import { IconExternal } from "../icons";
import { SettingsSection, SettingsTitle } from "../settings/section";
import { buttonClass } from "../ui";
import { SlackCard } from "./slack-card";

const INTEGRATIONS = [
  {
    key: "github",
    name: "GitHub",
    mark: "GH",
    tile: "bg-neutral-900 text-white dark:bg-neutral-100 dark:text-neutral-900",
    description: "Pick a repository to keep its issues and this project's in sync.",
  },
] as const;

export function ProjectIntegrations({ slug, projectId, slack }: { slug: string; projectId: string; slack: SlackCardData }) {
  return (
    <div className="space-y-6">
      <SettingsTitle title="Integrations" description="Connect this project to the tools your team already uses." />
      {INTEGRATIONS.map((integration) => (
        <SettingsSection key={integration.key} label={integration.name}>
          <div className="flex flex-wrap items-center gap-4" data-testid={`integration-${integration.key}`}>
            <span className={`flex size-10 shrink-0 items-center justify-center rounded-lg text-sm font-bold ${integration.tile}`} aria-hidden="true">
              {integration.mark}
            </span>
            <div className="min-w-0 flex-1">
              <h2 className="text-sm font-semibold text-neutral-900">{integration.name}</h2>
              <p className="text-sm text-neutral-600">{integration.description}</p>
              <p className="mt-1 text-xs font-medium text-neutral-600">Not connected</p>
            </div>
            <Link to={workspaceSettingsPath(slug, "integrations")} className={buttonClass("secondary", "sm")}>
              Connect in workspace settings <IconExternal size={12} />
            </Link>
          </div>
        </SettingsSection>
      ))}
      <SlackCard slug={slug} projectId={projectId} card={slack} />
    </div>
  );
}
