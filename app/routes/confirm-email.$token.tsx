// "/confirm-email/{token}": the page the mail to a new address links to. The account moves to the
// address when the button is pressed (signed in or not: the link proves the address).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MailedLinkPage } from "~/components/mailed-link-page";
import { confirmEmailAction, loadMailedLinkPage } from "~/lib/accounts.server";

export const meta: MetaFunction = () => [{ title: "Confirm your new address · Edge Tracker" }];

export const loader = ({ request, context }: LoaderFunctionArgs) => loadMailedLinkPage(request, context);

export const action = ({ request, context, params }: ActionFunctionArgs) => confirmEmailAction(request, context, params.token ?? "");

export default function ConfirmEmail() {
  const { continueTo } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <MailedLinkPage
      title="Confirm your new address"
      subtitle="Your account moves to this address when you confirm."
      buttonLabel="Use this address"
      busyLabel="Confirming..."
      error={answer && "error" in answer ? answer.error : null}
      done={answer && "email" in answer ? `Your account now uses ${answer.email}. Sign in with it from now on.` : null}
      continueTo={continueTo}
      skip={{ label: "Not now", to: continueTo }}
    />
  );
}
