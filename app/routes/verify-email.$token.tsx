// "/verify-email/{token}": the page a verification mail links to. The address is verified by the
// button, not by opening the page: mail scanners that open every link must not use it up.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthLayout, authLinkClass } from "~/components/auth-layout";
import { FormError, buttonClass } from "~/components/ui";
import { loadVerifyEmailPage, verifyEmailAction } from "~/lib/accounts.server";

export const meta: MetaFunction = () => [{ title: "Verify your email address · Edge Tracker" }];

export const loader = ({ request, context }: LoaderFunctionArgs) => loadVerifyEmailPage(request, context);

export const action = ({ request, context, params }: ActionFunctionArgs) => verifyEmailAction(request, context, params.token ?? "");

export default function VerifyEmail() {
  const { continueTo } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const verifying = useNavigation().state !== "idle";
  const verified = answer && "email" in answer ? answer.email : null;
  return (
    <AuthLayout title="Verify your email address" subtitle="One click proves this address is yours.">
      {verified ? (
        <div className="space-y-5">
          <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">
            {verified} is verified. You can now accept invitations to workspaces.
          </p>
          <Link to={continueTo} className={buttonClass("primary", "md", "w-full")}>
            Continue
          </Link>
        </div>
      ) : (
        <Form method="post" className="space-y-5">
          {answer && "error" in answer ? <FormError errors={[answer.error]} /> : null}
          <button type="submit" className={buttonClass("primary", "md", "w-full")} disabled={verifying}>
            {verifying ? "Verifying..." : "Verify my address"}
          </button>
          <p className="text-center text-sm">
            <Link to={continueTo} className={authLinkClass}>
              Not now
            </Link>
          </p>
        </Form>
      )}
    </AuthLayout>
  );
}
