// "/forgot-password": ask for a link to reset the password. The page answers every address alike.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PasswordResetRequestInput } from "../../workers/domain/schemas/accounts";
import { AccountForm } from "~/components/account-form";
import { AuthLayout, authLinkClass } from "~/components/auth-layout";
import { Field } from "~/components/ui";
import { accountPageLoader, forgotPasswordAction } from "~/lib/accounts.server";
import { signInPath } from "~/lib/paths";

export const meta: MetaFunction = () => [{ title: "Reset your password · Edge Tracker" }];

export const loader = ({ request, context }: LoaderFunctionArgs) => accountPageLoader(request, context);

export const action = ({ request, context }: ActionFunctionArgs) => forgotPasswordAction(request, context);

export { retryAfterHeaders as headers } from "~/lib/retry-after-headers";

export default function ForgotPassword() {
  const { next } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const sent = actionData && "message" in actionData ? actionData.message : null;
  return (
    <AuthLayout
      title="Reset your password"
      subtitle="We will mail you a link to choose a new one."
      footer={
        <>
          Remembered it?{" "}
          <Link to={signInPath(next)} className={authLinkClass}>
            Back to sign in
          </Link>
        </>
      }
    >
      {sent ? (
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">
          {sent}
        </p>
      ) : (
        <AccountForm
          id="forgot-password"
          schema={PasswordResetRequestInput}
          next={null}
          lastResult={actionData?.result}
          submitLabel="Send the link"
          submittingLabel="Sending..."
        >
          {(fields) => <Field label="Email" field={fields.email} type="email" autoComplete="email" placeholder="name@company.com" />}
        </AccountForm>
      )}
    </AuthLayout>
  );
}
