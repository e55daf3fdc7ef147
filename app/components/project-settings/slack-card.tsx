// The project's Slack card: a switch that is on while the project has a channel record. Turning it
// on starts the round trip on the server and opens Slack's authorisation page in a 600x600 pop-up
// (the person picks the channel there); the
// card checks every second whether the pop-up is closed, then reads the project's channel again.
// Turning it off deletes the record. Slack must be installed for the workspace first.
import { Link, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useApiCall } from "~/hooks/use-action";
import { useCheckToast } from "~/hooks/use-check-toast";
import { useInstallPopup } from "~/hooks/use-install-popup";
import { callApi } from "~/lib/api-client";
import { api } from "~/lib/api-routes";
import { connectionUrl } from "~/lib/connection-api";
import { workspaceSettingsPath } from "~/lib/paths";
import type { SlackCardData } from "../../../workers/domain/schemas/slack";
import { IconExternal } from "../icons";
import { ProviderMark } from "../import-export/logos";
import { SettingsSection } from "../settings/section";
import { Spinner, buttonClass } from "../ui";

const SLACK_UNCHANGED = "The Slack channel could not be changed. Please try again.";

/** The project's Slack card: the channel switch, its pop-up, and what the project posts where. */
export function SlackCard({ slug, projectId, card }: { slug: string; projectId: string; card: SlackCardData }) {
  const run = useApiCall();
  const tell = useCheckToast();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<"authorising" | "removing" | null>(null);
  const channel = card.channels[0] ?? null;
  const on = channel !== null;
  const openPopup = useInstallPopup(() => {
    setBusy(null);
    revalidator.revalidate();
  });

  async function authorise() {
    if (!card.configured || !card.workspace_integration_id) return;
    setBusy("authorising");
    const opened = await run(() => openPopup(() => connectionUrl(slug, { kind: "slack_channel", project_id: projectId })), { message: SLACK_UNCHANGED });
    if (opened?.value) return;
    // A blocked pop-up is the browser's doing, not a refusal: say how to let it open.
    if (opened) tell("The Slack window could not be opened. Please allow pop-ups for this site and try again.");
    setBusy(null);
  }

  async function remove() {
    const integrationId = card.workspace_integration_id;
    if (!channel || !integrationId) return;
    setBusy("removing");
    const removed = await run(() => callApi(api.slackChannelSync(slug, projectId, integrationId, channel.id), { method: "DELETE" }), {
      message: SLACK_UNCHANGED,
    });
    setBusy(null);
    if (removed) revalidator.revalidate();
  }

  const installed = card.configured && card.workspace_integration_id !== null;
  let status: string;
  if (!card.configured) status = "Slack is not set up on this server.";
  else if (!installed) status = "Not connected";
  else if (busy === "authorising") status = "Waiting for Slack… finish in the Slack window.";
  else if (channel) status = `Posting to #${channel.channel_name}${channel.team_name ? ` in ${channel.team_name}` : ""}`;
  else status = "Off: no channel receives this project's news.";

  return (
    <SettingsSection label="Slack">
      <div className="flex flex-wrap items-center gap-4" data-testid="integration-slack">
        <ProviderMark provider="slack" />
        <div className="min-w-0 flex-1">
          <h2 id="slack-card-title" className="text-sm font-semibold text-neutral-900">
            Slack
          </h2>
          <p className="text-sm text-neutral-600">Post this project's new issues, state changes and comments to a Slack channel.</p>
          <p className="mt-1 text-xs font-medium text-neutral-600" data-testid="slack-status">
            {status}
          </p>
          {installed && !card.can_edit ? <p className="mt-1 text-xs text-neutral-600">Only project owners can change this.</p> : null}
        </div>
        {installed ? (
          <div className="flex items-center gap-2">
            {busy ? <Spinner className="size-4 text-neutral-500" /> : null}
            <button
              type="button"
              role="switch"
              aria-checked={on}
              aria-labelledby="slack-card-title"
              disabled={!card.can_edit || busy !== null}
              onClick={() => (on ? remove() : authorise())}
              className={`relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60 ${
                on ? "bg-brand-600" : "bg-neutral-400"
              }`}
            >
              <span className={`inline-block size-4 rounded-full bg-white shadow transition-transform ${on ? "translate-x-4.5" : "translate-x-0.5"}`} />
            </button>
          </div>
        ) : card.configured ? (
          <Link to={workspaceSettingsPath(slug, "integrations")} className={buttonClass("secondary", "sm")}>
            Connect in workspace settings <IconExternal size={12} />
          </Link>
        ) : null}
      </div>
    </SettingsSection>
  );
}
