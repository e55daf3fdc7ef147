// "/" is sign-in; `/?next={path}` returns there afterwards. Signed-in visitors go straight home.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { SignInInput } from "../../workers/domain/schemas/accounts";
import { AccountForm } from "~/components/account-form";
import { AuthLayout } from "~/components/auth-layout";
import { Field } from "~/components/ui";
import { accountPageAction, accountPageLoader, signIn } from "~/lib/accounts.server";
import { signUpPath } from "~/lib/paths";

export const meta: MetaFunction = () => [{ title: "Sign in · Edge Tracker" }];

export const loader = ({ request, context }: LoaderFunctionArgs) => accountPageLoader(request, context);

export const action = ({ request, context }: ActionFunctionArgs) =>
  accountPageAction(request, context, { schema: SignInInput, enter: signIn, unauthenticatedOnForm: true });

/** A throttled sign-in says when to try again (Retry-After), on the page as in the API. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export default function SignIn() {
  const { next } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AuthLayout
      title="Sign in to Edge Tracker"
      subtitle="Welcome back. Pick up where your team left off."
      footer={
        <>
          New here?{" "}
          <Link to={signUpPath(next)} className="font-medium text-brand-600 dark:text-brand-400 hover:text-brand-700 dark:hover:text-brand-300">
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
        submitLabel="Sign in"
        submittingLabel="Signing in..."
      >
        {(fields) => (
          <>
            <Field label="Email" field={fields.email} type="email" autoComplete="email" placeholder="name@company.com" />
            <Field label="Password" field={fields.password} type="password" autoComplete="current-password" />
          </>
        )}
      </AccountForm>
    </AuthLayout>
  );
}
