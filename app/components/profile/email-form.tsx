// Changing the account's address: the new one gets a link, and the address changes only when that
// link is opened, so the form says where the link went and keeps saying it until then.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "@remix-run/react";
import { FormError, FormNotice, Spinner, Field, buttonClass } from "../ui";
import { ChangeEmailForm, type ProfileActionData } from "~/lib/profile-contract";

export function EmailForm({ email, pendingEmail }: { email: string; pendingEmail: string | null }) {
  const fetcher = useFetcher<ProfileActionData>({ key: "change-email" });
  const [form, fields] = useForm({
    id: "change-email",
    lastResult: fetcher.data?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangeEmailForm }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const sending = fetcher.state !== "idle";
  const sent = sending ? undefined : fetcher.data?.message;

  return (
    <fetcher.Form method="post" action="/profile" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="change-email" />
      <p className="text-sm text-neutral-700">
        Your address is <strong className="font-medium text-neutral-900">{email}</strong>.
      </p>
      {sent || pendingEmail ? (
        <FormNotice>{sent ?? `We mailed a link to ${pendingEmail}. Your address changes when you open it.`}</FormNotice>
      ) : null}
      <FormError errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="New email" field={fields.email} type="email" autoComplete="email" placeholder="name@company.com" />
        <Field label="Current password" field={fields.current_password} type="password" autoComplete="current-password" />
      </div>
      <div className="flex justify-end">
        <button type="submit" className={buttonClass("primary")} disabled={sending}>
          {sending ? <Spinner /> : null}
          {sending ? "Sending..." : "Send a confirmation link"}
        </button>
      </div>
    </fetcher.Form>
  );
}
