// "/sign-up": create an account, then continue to `next`, invitations or workspace creation.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SignUpInput } from "../../workers/domain/schemas/accounts";
import { AuthLayout } from "~/components/auth-layout";
import { FieldError, FormError, Spinner, buttonClass, inputClass, labelClass } from "~/components/ui";
import { signUp } from "~/lib/accounts.server";
import { assertSameOrigin, homePathFor, optionalUser, signedInRedirect } from "~/lib/auth.server";
import { invalidReply, replyWithError } from "~/lib/errors.server";
import { safeNext, signInPath } from "~/lib/paths";

export const meta: MetaFunction = () => [{ title: "Create your account · Edge Tracker" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  const user = await optionalUser(context);
  if (user) throw redirect(next ?? (await homePathFor({ ...context.domain, actor: user })));
  return { next };
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: SignUpInput });
  if (submission.status !== "success") return invalidReply(submission, { hideFields: ["password"] });
  try {
    const user = await signUp(context.domain, submission.value);
    const next = safeNext(String(formData.get("next") ?? ""));
    return signedInRedirect(context, user, next ?? (await homePathFor({ ...context.domain, actor: user })));
  } catch (error) {
    return replyWithError(submission, error, request, { hideFields: ["password"] });
  }
}

export default function SignUp() {
  const { next } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "sign-up",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignUpInput }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthLayout
      title="Create your account"
      subtitle="Plan, track and ship with your team."
      footer={
        <>
          Already have an account?{" "}
          <Link to={signInPath(next)} className="font-medium text-brand-600 hover:text-brand-700">
            Sign in
          </Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        {next ? <input type="hidden" name="next" value={next} /> : null}
        <FormError errors={form.errors} />
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor={fields.first_name.id} className={labelClass}>
              First name
            </label>
            <input {...getInputProps(fields.first_name, { type: "text" })} className={inputClass} autoComplete="given-name" />
            <FieldError id={fields.first_name.errorId} errors={fields.first_name.errors} />
          </div>
          <div>
            <label htmlFor={fields.last_name.id} className={labelClass}>
              Last name
            </label>
            <input {...getInputProps(fields.last_name, { type: "text" })} className={inputClass} autoComplete="family-name" />
            <FieldError id={fields.last_name.errorId} errors={fields.last_name.errors} />
          </div>
        </div>
        <div>
          <label htmlFor={fields.email.id} className={labelClass}>
            Email
          </label>
          <input
            {...getInputProps(fields.email, { type: "email" })}
            className={inputClass}
            autoComplete="email"
            placeholder="name@company.com"
          />
          <FieldError id={fields.email.errorId} errors={fields.email.errors} />
        </div>
        <div>
          <label htmlFor={fields.password.id} className={labelClass}>
            Password
          </label>
          <input
            {...getInputProps(fields.password, { type: "password" })}
            className={inputClass}
            autoComplete="new-password"
          />
          <FieldError id={fields.password.errorId} errors={fields.password.errors} />
          {fields.password.errors ? null : <p className="mt-1.5 text-xs text-neutral-500">At least 8 characters.</p>}
        </div>
        <button type="submit" className={buttonClass("primary", "md", "w-full")} disabled={submitting}>
          {submitting ? <Spinner /> : null}
          {submitting ? "Creating account..." : "Create account"}
        </button>
      </Form>
    </AuthLayout>
  );
}
