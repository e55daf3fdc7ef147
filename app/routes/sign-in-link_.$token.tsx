// "/sign-in-link/{token}": the page a sign-in mail links to. Pressing the button signs this browser
// in (once); opening the page alone does nothing, so mail scanners cannot use the link up.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { MailedLinkPage } from "~/components/mailed-link-page";
import { accountPageLoader, signInLinkAction } from "~/lib/accounts.server";
import { signInLinkPath, signInPath } from "~/lib/paths";

export const meta: MetaFunction = () => [{ title: "Sign in · Edge Tracker" }];

export const loader = ({ request, context }: LoaderFunctionArgs) => accountPageLoader(request, context);

export const action = ({ request, context, params }: ActionFunctionArgs) => signInLinkAction(request, context, params.token ?? "");

export default function SignInWithLink() {
  const answer = useActionData<typeof action>();
  const error = answer && "error" in answer ? answer.error : null;
  return (
    <MailedLinkPage
      title="Sign in to Edge Tracker"
      subtitle="This link signs you in once, on this browser."
      buttonLabel="Sign in"
      busyLabel="Signing in..."
      error={error}
      done={null}
      continueTo={signInPath()}
      skip={error ? { label: "Send a new link", to: signInLinkPath() } : { label: "Sign in with a password instead", to: signInPath() }}
    />
  );
}
