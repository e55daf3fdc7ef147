// "/forgot-password": ask for a link to reset the password. The page answers every address alike.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { MailRequestInput } from "../../workers/domain/schemas/accounts";
import { AccountForm } from "~/components/account-form";
import { AuthLayout, authLinkClass } from "~/components/auth-layout";
import { Field, FormNotice } from "~/components/ui";
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
        <FormNotice>
          {sent}
        </FormNotice>
      ) : (
        <AccountForm
          id="forgot-password"
          schema={MailRequestInput}
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
