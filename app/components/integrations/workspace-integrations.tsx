// The workspace's integrations: one card per integration (GitHub, Slack) with "Add installation",
// which starts the round trip on the server, opens the provider's page in a pop-up and reads the
// page again once it closes, or
// "Remove installation" when the workspace has one. Only workspace owners may press them; the
// server refuses anyone else whatever this shows.
import { useRevalidator } from "@remix-run/react";
import { useCallback, useState } from "react";
import { useInstallPopup } from "~/hooks/use-install-popup";
import { connectionUrl } from "~/lib/connection-api";
import { useApiCall } from "~/hooks/use-action";
import { callApi } from "~/lib/api-client";
import { api } from "~/lib/api-routes";
import {
  INTEGRATION_DELETED_TITLE,
  type IntegrationCard,
  type IntegrationsPageData,
  integrationDeletedMessage,
  integrationNotDeletedMessage,
} from "../../../workers/domain/schemas/integration-texts";
import { ProviderMark } from "../import-export/logos";
import { SettingsSection, SettingsTitle } from "../settings/section";
import { useToast } from "../toast";
import { Spinner, buttonClass } from "../ui";

/** What the installation is, in a few words: the GitHub account or the Slack team. */
function installedOn(card: IntegrationCard): string | null {
  const metadata = card.installation?.metadata ?? {};
  let name = card.integration.provider === "github" ? metadata.account_login : (metadata.team_name ?? metadata.team);
  // Slack's answer names the team as {id, name}.
  if (name && typeof name === "object" && !Array.isArray(name)) name = name.name;
  return typeof name === "string" && name !== "" ? name : null;
}

function IntegrationCardView({ slug, card, canManage }: { slug: string; card: IntegrationCard; canManage: boolean }) {
  const { integration, installation } = card;
  const toast = useToast();
  const run = useApiCall();
  const revalidator = useRevalidator();
  const [removing, setRemoving] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const refresh = useCallback(() => revalidator.revalidate(), [revalidator]);
  const openPopup = useInstallPopup(refresh);

  const add = async () => {
    if (!card.configured) return;
    const kind = integration.provider === "github" ? "github_install" : "slack_install";
    const opened = await run(() => openPopup(() => connectionUrl(slug, { kind })), { message: "The server could not be reached. Please try again." });
    if (opened) setBlocked(!opened.value);
  };
  const remove = async () => {
    if (!installation) return;
    setRemoving(true);
    // Whatever the refusal, the toast names the integration that stays.
    const removed = await run(() => callApi(api.integrationProvider(slug, installation.id), { method: "DELETE" }), {
      message: () => integrationNotDeletedMessage(integration.title),
    });
    setRemoving(false);
    if (!removed) return;
    toast.show({ type: "success", title: INTEGRATION_DELETED_TITLE, message: integrationDeletedMessage(integration.title) });
    revalidator.revalidate();
  };

  const account = installedOn(card);
  const hint = !card.configured
    ? `The ${integration.title} app is not set up on this server.`
    : !canManage
      ? "Only workspace owners can add or remove integrations."
      : null;
  return (
    <SettingsSection label={integration.title}>
      <div className="flex flex-wrap items-center gap-4" data-testid={`integration-card-${integration.provider}`}>
        <ProviderMark provider={integration.provider} large />
        <div className="min-w-0 flex-1 basis-60">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-sm font-semibold text-neutral-900">{integration.title}</h2>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-medium ${installation ? "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300" : "bg-neutral-100 text-neutral-700"}`}
            >
              {installation ? "Installed" : "Not installed"}
            </span>
          </div>
          <p className="mt-0.5 text-sm text-neutral-600">{integration.description}</p>
          {account ? <p className="mt-1 text-xs text-neutral-600">Installed on {account}</p> : null}
          {hint ? <p className="mt-1 text-xs text-neutral-600">{hint}</p> : null}
          {blocked ? (
            <p role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400">
              The browser blocked the pop-up. Allow pop-ups for this site and try again.
            </p>
          ) : null}
        </div>
        {installation ? (
          <button type="button" className={buttonClass("danger", "sm")} onClick={remove} disabled={!canManage || removing}>
            {removing ? <Spinner className="size-3.5" /> : null}
            Remove installation
          </button>
        ) : (
          <button type="button" className={buttonClass("primary", "sm")} onClick={add} disabled={!canManage || !card.configured}>
            Add installation
          </button>
        )}
      </div>
    </SettingsSection>
  );
}

export function WorkspaceIntegrations({ slug, data }: { slug: string; data: IntegrationsPageData }) {
  return (
    <div className="space-y-6">
      <SettingsTitle title="Integrations" description="Connect GitHub and Slack to the workspace's projects." />
      <div className="space-y-4">
        {data.cards.map((card) => (
          <IntegrationCardView key={card.integration.id} slug={slug} card={card} canManage={data.can_manage} />
        ))}
      </div>
    </div>
  );
}
