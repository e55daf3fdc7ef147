// "/" is sign-in; `/?next={path}` returns there afterwards. Signed-in visitors go straight home.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SignInInput } from "../../workers/domain/schemas/accounts";
import { AuthLayout } from "~/components/auth-layout";
import { FormError, Spinner, TextField, buttonClass } from "~/components/ui";
import { signIn } from "~/lib/accounts.server";
import { assertSameOrigin, homePathFor, optionalUser, signedInRedirect } from "~/lib/auth.server";
import { invalidReply, replyWithError } from "~/lib/errors.server";
import { safeNext } from "~/lib/paths";

export const meta: MetaFunction = () => [{ title: "Sign in · Edge Tracker" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  const user = await optionalUser(context);
  if (user) throw redirect(next ?? (await homePathFor({ ...context.domain, actor: user })));
  return { next };
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: SignInInput });
  if (submission.status !== "success") return invalidReply(submission, { hideFields: ["password"] });
  try {
    const user = await signIn(context.domain, submission.value);
    const next = safeNext(String(formData.get("next") ?? ""));
    return signedInRedirect(context, user, next ?? (await homePathFor({ ...context.domain, actor: user })));
  } catch (error) {
    return replyWithError(submission, error, request, { unauthenticatedOnForm: true, hideFields: ["password"] });
  }
}

export default function SignIn() {
  const { next } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "sign-in",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignInInput }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthLayout
      title="Sign in to Edge Tracker"
      subtitle="Welcome back. Pick up where your team left off."
      footer={
        <>
          New here?{" "}
          <Link
            to={next ? `/sign-up?next=${encodeURIComponent(next)}` : "/sign-up"}
            className="font-medium text-brand-600 dark:text-brand-400 hover:text-brand-700 dark:hover:text-brand-300"
          >
            Create an account
          </Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        {next ? <input type="hidden" name="next" value={next} /> : null}
        <FormError errors={form.errors} />
        <TextField label="Email" field={fields.email} type="email" autoComplete="email" placeholder="name@company.com" />
        <TextField label="Password" field={fields.password} type="password" autoComplete="current-password" />
        <button type="submit" className={buttonClass("primary", "md", "w-full")} disabled={submitting}>
          {submitting ? <Spinner /> : null}
          {submitting ? "Signing in..." : "Sign in"}
        </button>
      </Form>
    </AuthLayout>
  );
}
