// "/sign-in-link": sign in without the password. The address gets a link and a code; the page then
// asks for the code. It answers every address alike.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { MailRequestInput } from "../../workers/domain/schemas/accounts";
import { AccountForm } from "~/components/account-form";
import { AuthLayout, authLinkClass } from "~/components/auth-layout";
import { Field } from "~/components/ui";
import { accountPageLoader, signInMailAction } from "~/lib/accounts.server";
import { signInPath } from "~/lib/paths";

export const meta: MetaFunction = () => [{ title: "Sign in by email · Edge Tracker" }];

export const loader = ({ request, context }: LoaderFunctionArgs) => accountPageLoader(request, context);

export const action = ({ request, context }: ActionFunctionArgs) => signInMailAction(request, context);

export { retryAfterHeaders as headers } from "~/lib/retry-after-headers";

export default function SignInLink() {
  const { next, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AuthLayout
      title="Sign in by email"
      subtitle="We will mail you a link and a code that sign you in once."
      footer={
        <>
          Know your password?{" "}
          <Link to={signInPath(next, email || undefined)} className={authLinkClass}>
            Sign in with it
          </Link>
        </>
      }
    >
      <AccountForm
        id="sign-in-link"
        schema={MailRequestInput}
        next={next}
        lastResult={actionData?.result}
        defaultValue={email ? { email } : undefined}
        submitLabel="Email me a sign-in link"
        submittingLabel="Sending..."
      >
        {(fields) => <Field label="Email" field={fields.email} type="email" autoComplete="email" placeholder="name@company.com" />}
      </AccountForm>
    </AuthLayout>
  );
}
