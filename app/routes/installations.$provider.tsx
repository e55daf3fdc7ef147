// "/installations/{provider}": where the installation pop-up lands once the person installed and
// authorised the GitHub App (GitHub's callback: ?code=&installation_id=&setup_action=&state=) or
// authorised the Slack app (?code=&state=). It hands the answer to the REST API, which stores
// nothing unless the state is the one this browser session started the round trip with; then it
// closes itself so the page that opened it reads its data again; when the call fails it stays
// open and says why. The state's leading workspace slug only says where to post and link back.
import { type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/cloudflare";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { AuthLayout } from "~/components/auth-layout";
import { Spinner, buttonClass } from "~/components/ui";
import { failureMessage } from "~/lib/action-answer";
import { callApi, failureOfThrown } from "~/lib/api-client";
import { api } from "~/lib/api-routes";
import { workspaceSettingsPath } from "~/lib/paths";
import { slugOfState } from "../../workers/domain/schemas/connections";
import { requireActor } from "~/lib/auth.server";

const TITLES = { github: "GitHub", slack: "Slack" } as const;
type Provider = keyof typeof TITLES;
const isProvider = (value: string | undefined): value is Provider => value === "github" || value === "slack";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: `Connecting ${loaded ? TITLES[loaded.provider] : "an integration"} · Edge Tracker` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireActor(request, context);
  if (!isProvider(params.provider)) throw data("Not found", { status: 404 });
  return { provider: params.provider };
}

/** `startAgain`: the server refused or failed the round trip, which the person can only start over. */
type Outcome = { state: "working" } | { state: "done" } | { state: "failed"; message: string; startAgain?: boolean };

/** Sends what the provider handed back to the server; answers why it cannot, or null (a refusal throws). */
async function complete(provider: Provider, params: URLSearchParams): Promise<string | null> {
  const state = params.get("state") ?? "";
  if (provider === "github") {
    if (params.get("setup_action") === "request") return "The installation was requested: an owner of the GitHub account must approve it first.";
    const installationId = params.get("installation_id");
    const code = params.get("code");
    const slug = slugOfState(state);
    if (!installationId || !code || !slug) return "GitHub did not say which installation to connect. Install the app again from the workspace settings.";
    await callApi(api.connectGithub(slug), { method: "POST", body: { installation_id: installationId, code, state } });
    return null;
  }
  const refused = params.get("error");
  if (refused) return refused === "access_denied" ? "Slack was not authorised." : `Slack answered: ${refused}.`;
  const code = params.get("code");
  if (!code || !state) return "Slack did not hand back an authorisation code. Try again from the settings.";
  await callApi(api.slackRedirect(), { method: "POST", body: { code, state } });
  return null;
}

export default function InstallationLanding() {
  const { provider } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome>({ state: "working" });
  const started = useRef(false);
  const title = TITLES[provider];
  const slug = slugOfState(params.get("state") ?? "");

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    complete(provider, params)
      .then((message) => {
        if (message) return setOutcome({ state: "failed", message });
        setOutcome({ state: "done" });
        // The page that opened the pop-up notices it closed and reads its data again.
        if (window.opener) window.close();
      })
      .catch((error) => {
        const message = failureMessage(failureOfThrown(error), "The server could not be reached. Please try again.");
        setOutcome({ state: "failed", message, startAgain: true });
      });
  }, [provider, params]);

  return (
    <AuthLayout title={outcome.state === "working" ? `Connecting ${title}` : outcome.state === "done" ? `${title} connected` : `${title} not connected`}>
      {outcome.state === "working" ? (
        <p className="flex items-center gap-2 text-sm text-neutral-700" role="status">
          <Spinner className="size-4" /> Finishing the {title} installation…
        </p>
      ) : outcome.state === "done" ? (
        <p className="text-sm text-neutral-700" role="status">
          {title} is connected. You can close this window.
        </p>
      ) : (
        <div className="space-y-4">
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900/60 dark:bg-red-950/30 dark:text-red-300">
            {title} could not be connected. {outcome.message}
          </p>
          {outcome.startAgain && slug ? <p className="text-sm text-neutral-700">Start again from the workspace's integrations settings.</p> : null}
          <div className="flex gap-2">
            <button type="button" className={buttonClass("secondary", "sm")} onClick={() => window.close()}>
              Close window
            </button>
            {slug ? (
              <Link to={workspaceSettingsPath(slug, "integrations")} className={buttonClass("ghost", "sm")}>
                Go to integrations
              </Link>
            ) : null}
          </div>
        </div>
      )}
    </AuthLayout>
  );
}
