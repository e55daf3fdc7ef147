// "/" is sign-in; `/?next={path}` returns there afterwards. Signed-in visitors go straight home.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { SignInInput } from "../../workers/domain/schemas/accounts";
import { AccountForm } from "~/components/account-form";
import { AuthLayout, authLinkClass } from "~/components/auth-layout";
import { Field } from "~/components/ui";
import { accountPageAction, accountPageLoader, signIn } from "~/lib/accounts.server";
import { FORGOT_PASSWORD_PATH, signInLinkPath, signUpPath } from "~/lib/paths";

export const meta: MetaFunction = () => [{ title: "Sign in · Edge Tracker" }];

export const loader = ({ request, context }: LoaderFunctionArgs) => accountPageLoader(request, context);

export const action = ({ request, context }: ActionFunctionArgs) =>
  accountPageAction(request, context, { schema: SignInInput, enter: signIn, unauthenticatedOnForm: true });

export { retryAfterHeaders as headers } from "~/lib/retry-after-headers";

export default function SignIn() {
  const { next, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AuthLayout
      title="Sign in to Edge Tracker"
      subtitle="Welcome back. Pick up where your team left off."
      footer={
        <>
          New here?{" "}
          <Link to={signUpPath(next, email || undefined)} className={authLinkClass}>
            Create an account
          </Link>
        </>
      }
    >
      <AccountForm
        id="sign-in"
        schema={SignInInput}
        next={next}
        lastResult={actionData?.result}
        defaultValue={email ? { email } : undefined}
        submitLabel="Sign in"
        submittingLabel="Signing in..."
      >
        {(fields) => (
          <>
            <Field label="Email" field={fields.email} type="email" autoComplete="email" placeholder="name@company.com" />
            <Field label="Password" field={fields.password} type="password" autoComplete="current-password" />
            <p className="-mt-2 flex justify-between gap-3 text-sm">
              <Link to={signInLinkPath(next, email || undefined)} className={authLinkClass}>
                Email me a sign-in link
              </Link>
              <Link to={FORGOT_PASSWORD_PATH} className={authLinkClass}>
                Forgot your password?
              </Link>
            </p>
          </>
        )}
      </AccountForm>
    </AuthLayout>
  );
}
