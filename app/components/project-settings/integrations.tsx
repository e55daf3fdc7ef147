// The project's integration cards: GitHub (issues synced with a repository, github-card.tsx) and
// Slack (issue news in a channel, slack-card.tsx). Connecting happens in the workspace's
// integrations; until a workspace is connected, each card says so and leads there.
import type { SlackCardData } from "../../../workers/domain/schemas/slack";
import { SettingsTitle } from "../settings/section";
import { GithubCard } from "./github-card";
import { SlackCard } from "./slack-card";

export function ProjectIntegrations({ slug, projectId, slack }: { slug: string; projectId: string; slack: SlackCardData }) {
  return (
    <div className="space-y-6">
      <SettingsTitle title="Integrations" description="Connect this project to the tools your team already uses." />
      <GithubCard slug={slug} projectId={projectId} />
      <SlackCard slug={slug} projectId={projectId} card={slack} />
    </div>
  );
}
