// "/reset-password/{token}": the page a reset mail links to. Choosing a new password ends every
// other session and signs this browser in.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData } from "@remix-run/react";
import { z } from "zod";
import { newPassword } from "../../workers/domain/schemas/accounts";
import { AccountForm } from "~/components/account-form";
import { AuthLayout, authLinkClass } from "~/components/auth-layout";
import { Field, FormError } from "~/components/ui";
import { accountPageLoader, resetPasswordAction } from "~/lib/accounts.server";
import { FORGOT_PASSWORD_PATH } from "~/lib/paths";

export const meta: MetaFunction = () => [{ title: "Choose a new password · Edge Tracker" }];

// Someone signed in who opens a reset link is sent home, as on the other account pages.
export const loader = ({ request, context }: LoaderFunctionArgs) => accountPageLoader(request, context);

export const action = ({ request, context, params }: ActionFunctionArgs) => resetPasswordAction(request, context, params.token ?? "");

/** What the page's form holds (the link's code travels in the address, not the form). */
const NewPasswordForm = z.object({ password: newPassword });

export default function ResetPassword() {
  const actionData = useActionData<typeof action>();
  const linkErrors = actionData?.result?.error?.token ?? null;
  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="Every other session of your account ends when you save it."
      footer={
        <Link to={FORGOT_PASSWORD_PATH} className={authLinkClass}>
          Ask for a new link
        </Link>
      }
    >
      {linkErrors ? (
        <div className="mb-5">
          <FormError errors={linkErrors} />
        </div>
      ) : null}
      <AccountForm id="reset-password" schema={NewPasswordForm} next={null} lastResult={actionData?.result} submitLabel="Save and sign in" submittingLabel="Saving...">
        {(fields) => (
          <Field
            label="New password"
            field={fields.password}
            type="password"
            autoComplete="new-password"
            description="At least 8 characters, and not a common password."
          />
        )}
      </AccountForm>
    </AuthLayout>
  );
}
