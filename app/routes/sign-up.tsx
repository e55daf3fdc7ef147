// "/sign-up": create an account, then continue to `next`, invitations or workspace creation.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SignUpInput } from "../../workers/domain/schemas/accounts";
import { AuthLayout } from "~/components/auth-layout";
import { FormError, Spinner, TextField, buttonClass } from "~/components/ui";
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
          <Link to={signInPath(next)} className="font-medium text-brand-600 dark:text-brand-400 hover:text-brand-700 dark:hover:text-brand-300">
            Sign in
          </Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        {next ? <input type="hidden" name="next" value={next} /> : null}
        <FormError errors={form.errors} />
        <div className="grid grid-cols-2 gap-3">
          <TextField label="First name" field={fields.first_name} autoComplete="given-name" />
          <TextField label="Last name" field={fields.last_name} autoComplete="family-name" />
        </div>
        <TextField label="Email" field={fields.email} type="email" autoComplete="email" placeholder="name@company.com" />
        <TextField label="Password" field={fields.password} type="password" autoComplete="new-password" hint="At least 8 characters." />
        <button type="submit" className={buttonClass("primary", "md", "w-full")} disabled={submitting}>
          {submitting ? <Spinner /> : null}
          {submitting ? "Creating account..." : "Create account"}
        </button>
      </Form>
    </AuthLayout>
  );
}
