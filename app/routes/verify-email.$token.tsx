// "/verify-email/{token}": the page a verification mail links to. The address is verified by the
// button, not by opening the page: mail scanners that open every link must not use it up.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MailedLinkPage } from "~/components/mailed-link-page";
import { verifyEmailAction, loadMailedLinkPage } from "~/lib/accounts.server";

export const meta: MetaFunction = () => [{ title: "Verify your email address · Edge Tracker" }];

export const loader = ({ request, context }: LoaderFunctionArgs) => loadMailedLinkPage(request, context);

export const action = ({ request, context, params }: ActionFunctionArgs) => verifyEmailAction(request, context, params.token ?? "");

export default function VerifyEmail() {
  const { continueTo } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <MailedLinkPage
      title="Verify your email address"
      subtitle="One click proves this address is yours."
      buttonLabel="Verify my address"
      busyLabel="Verifying..."
      error={answer && "error" in answer ? answer.error : null}
      done={answer && "email" in answer ? `${answer.email} is verified. You can now accept invitations to workspaces.` : null}
      continueTo={continueTo}
      skip={{ label: "Not now", to: continueTo }}
    />
  );
}
