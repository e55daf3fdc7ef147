// "/create-workspace": name + URL slug (auto-filled from the name until edited by hand).
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { CreateWorkspaceInput } from "../../workers/domain/schemas/workspaces";
import { SignedInAs } from "~/components/account-menu";
import { AuthLayout, authLinkClass } from "~/components/auth-layout";
import { Field, FieldError, FormError, Spinner, buttonClass, inputClass, labelClass } from "~/components/ui";
import { assertSameOrigin, requireActor } from "~/lib/auth.server";
import { invalidReply, replyWithError } from "~/lib/errors.server";
import { slugify } from "~/lib/slug";
import { createWorkspace } from "~/lib/workspaces.server";

export const meta: MetaFunction = () => [{ title: "Create workspace · Edge Tracker" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireActor(request, context);
  return { email: ctx.actor.email };
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(context);
  const ctx = await requireActor(request, context);
  const submission = parseWithZod(await request.formData(), { schema: CreateWorkspaceInput });
  if (submission.status !== "success") return invalidReply(submission);
  try {
    const workspace = await createWorkspace(ctx, submission.value);
    return redirect(`/${workspace.slug}`);
  } catch (error) {
    return replyWithError(submission, error, request);
  }
}

export default function CreateWorkspace() {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const [slug, setSlug] = useState("");
  const [slugEdited, setSlugEdited] = useState(false);
  const [form, fields] = useForm({
    id: "create-workspace",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateWorkspaceInput }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthLayout
      title="Create your workspace"
      subtitle="A workspace holds your team's projects, issues and members."
      aside={<SignedInAs email={email} />}
      footer={
        <>
          Waiting for an invite?{" "}
          <Link to="/invitations" className={authLinkClass}>
            Check pending invites
          </Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <FormError errors={form.errors} />
        <Field label="Workspace name" field={fields.name} placeholder="Acme Inc." autoComplete="organization" onChange={(event) => !slugEdited && setSlug(slugify(event.target.value))} />
        <div>
          <label htmlFor={fields.slug.id} className={labelClass}>
            Workspace URL
          </label>
          <div className="flex rounded-md shadow-xs">
            <span className="inline-flex items-center rounded-l-md border border-r-0 border-neutral-300 bg-neutral-50 px-3 text-sm text-neutral-500">
              /
            </span>
            <input
              {...getInputProps(fields.slug, { type: "text", value: false })}
              value={slug}
              onChange={(event) => {
                setSlugEdited(true);
                setSlug(event.target.value);
              }}
              className={`${inputClass} rounded-l-none shadow-none`}
              placeholder="acme"
              autoComplete="off"
            />
          </div>
          <FieldError id={fields.slug.errorId} errors={fields.slug.errors} />
        </div>
        <button type="submit" className={buttonClass("primary", "md", "w-full")} disabled={submitting}>
          {submitting ? <Spinner /> : null}
          {submitting ? "Creating workspace..." : "Create workspace"}
        </button>
      </Form>
    </AuthLayout>
  );
}
