// "/sign-up": create an account, then continue to `next`, invitations or workspace creation.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { SignUpInput } from "../../workers/domain/schemas/accounts";
import { AccountForm } from "~/components/account-form";
import { AuthLayout, authLinkClass } from "~/components/auth-layout";
import { Field } from "~/components/ui";
import { accountPageAction, accountPageLoader, signUp } from "~/lib/accounts.server";
import { signInPath } from "~/lib/paths";

export const meta: MetaFunction = () => [{ title: "Create your account · Edge Tracker" }];

export const loader = ({ request, context }: LoaderFunctionArgs) => accountPageLoader(request, context);

export const action = ({ request, context }: ActionFunctionArgs) =>
  accountPageAction(request, context, { schema: SignUpInput, enter: signUp });

export default function SignUp() {
  const { next, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AuthLayout
      title="Create your account"
      subtitle="Plan, track and ship with your team."
      footer={
        <>
          Already have an account?{" "}
          <Link to={signInPath(next, email || undefined)} className={authLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <AccountForm
        id="sign-up"
        schema={SignUpInput}
        next={next}
        lastResult={actionData?.result}
        defaultValue={email ? { email } : undefined}
        submitLabel="Create account"
        submittingLabel="Creating account..."
      >
        {(fields) => (
          <>
            <div className="grid grid-cols-2 gap-3">
              <Field label="First name" field={fields.first_name} autoComplete="given-name" />
              <Field label="Last name" field={fields.last_name} autoComplete="family-name" />
            </div>
            <Field label="Email" field={fields.email} type="email" autoComplete="email" placeholder="name@company.com" />
            <Field
              label="Password"
              field={fields.password}
              type="password"
              autoComplete="new-password"
              description="At least 8 characters, and not a common password."
            />
          </>
        )}
      </AccountForm>
    </AuthLayout>
  );
}
