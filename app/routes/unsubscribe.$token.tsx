// "/unsubscribe/{token}": the link every notification mail carries (and its List-Unsubscribe
// header names). Opening it only shows a button, so mail scanners that open links change nothing;
// the button, or a mail provider's one-click POST, turns the mail off or stops following the issue.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MailedLinkPage } from "~/components/mailed-link-page";
import { loadMailedLinkPage, unsubscribeAction } from "~/lib/accounts.server";
import { unsubscribeScopeOf } from "../../workers/domain/notification-mail";

export const meta: MetaFunction = () => [{ title: "Unsubscribe · Edge Tracker" }];

export const loader = async ({ request, context, params }: LoaderFunctionArgs) => ({
  ...(await loadMailedLinkPage(request, context)),
  scope: unsubscribeScopeOf(params.token ?? ""),
});

export const action = ({ request, context, params }: ActionFunctionArgs) => unsubscribeAction(request, context, params.token ?? "");

export default function Unsubscribe() {
  const { continueTo, scope } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const issue = scope === "issue";
  const done = answer && "scope" in answer ? (answer.scope === "issue" ? `You no longer follow ${answer.issue ?? "this issue"}.` : "You will get no more notification mail. Choose again on your profile page whenever you like.") : null;
  return (
    <MailedLinkPage
      title={issue ? "Unsubscribe from this issue" : "Unsubscribe from notification mail"}
      subtitle={issue ? "Stop following the issue: its changes will no longer reach you." : "No more instant mail and no more digests about your notifications."}
      buttonLabel="Unsubscribe"
      busyLabel="Unsubscribing..."
      error={answer && "error" in answer ? answer.error : null}
      done={done}
      continueTo={continueTo}
      skip={{ label: "Keep it as it is", to: continueTo }}
    />
  );
}
