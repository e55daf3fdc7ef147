// Changing the password: the current one is checked on the server, the new one follows the
// sign-up rule, and every other session of the user ends (this one stays signed in).
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "@remix-run/react";
import { useToast } from "../toast";
import { FormError, Spinner, Field, buttonClass } from "../ui";
import { ChangePasswordForm, type ProfileActionData } from "~/lib/profile-contract";
import { useSettled } from "./use-settled";

export function PasswordForm() {
  const fetcher = useFetcher<ProfileActionData>({ key: "change-password" });
  const toast = useToast();
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: fetcher.data?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordForm }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useSettled(fetcher, (answer) => {
    if (answer.ok) {
      toast.show({ type: "success", title: "Success!", message: "Password changed. Your other sessions were signed out." });
    }
  });
  const saving = fetcher.state !== "idle";

  return (
    <fetcher.Form method="post" action="/profile" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="change-password" />
      <FormError errors={form.errors} />
      <Field label="Current password" field={fields.current_password} type="password" autoComplete="current-password" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="New password"
          field={fields.new_password}
          type="password"
          autoComplete="new-password"
          description="At least 8 characters."
        />
        <Field label="Confirm new password" field={fields.confirm_password} type="password" autoComplete="new-password" />
      </div>
      <div className="flex justify-end">
        <button type="submit" className={buttonClass("primary")} disabled={saving}>
          {saving ? <Spinner /> : null}
          {saving ? "Changing password..." : "Change password"}
        </button>
      </div>
    </fetcher.Form>
  );
}
