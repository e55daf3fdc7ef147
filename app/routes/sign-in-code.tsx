// "/sign-in-code?email=": the code from a sign-in mail, typed here (on any device); each try counts
// like a password's. The link in the same mail works too.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { SIGN_IN_CODE_LENGTH, SignInCodeInput } from "../../workers/domain/schemas/accounts";
import { AccountForm } from "~/components/account-form";
import { AuthLayout, authLinkClass } from "~/components/auth-layout";
import { Field } from "~/components/ui";
import { accountPageAction, accountPageLoader, signInWithCode } from "~/lib/accounts.server";
import { signInLinkPath } from "~/lib/paths";

export const meta: MetaFunction = () => [{ title: "Enter your sign-in code · Edge Tracker" }];

export const loader = ({ request, context }: LoaderFunctionArgs) => accountPageLoader(request, context);

export const action = ({ request, context }: ActionFunctionArgs) =>
  accountPageAction(request, context, { schema: SignInCodeInput, enter: signInWithCode, unauthenticatedOnForm: true });

export { retryAfterHeaders as headers } from "~/lib/retry-after-headers";

export default function SignInCode() {
  const { next, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AuthLayout
      title="Check your mail"
      subtitle={
        email
          ? `If an account uses ${email}, we mailed it a sign-in link and a ${SIGN_IN_CODE_LENGTH}-digit code. Open the link, or type the code here.`
          : `Type the ${SIGN_IN_CODE_LENGTH}-digit code from your sign-in mail.`
      }
      footer={
        <>
          No mail?{" "}
          <Link to={signInLinkPath(next, email || undefined)} className={authLinkClass}>
            Send a new one
          </Link>
        </>
      }
    >
      <AccountForm
        id="sign-in-code"
        schema={SignInCodeInput}
        next={next}
        lastResult={actionData?.result}
        defaultValue={email ? { email } : undefined}
        submitLabel="Sign in"
        submittingLabel="Signing in..."
      >
        {(fields) => (
          <>
            {email ? <input type="hidden" name={fields.email.name} value={email} /> : <Field label="Email" field={fields.email} type="email" autoComplete="email" />}
            <Field label="Code" field={fields.code} inputMode="numeric" autoComplete="one-time-code" placeholder="123456" autoFocus />
          </>
        )}
      </AccountForm>
    </AuthLayout>
  );
}
