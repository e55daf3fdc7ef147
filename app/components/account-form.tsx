// The form of the account pages (sign-in, sign-up): one Conform form validated in the browser by
// the same schema the action parses, with the safe `next` carried along and a busy submit button.
import { type FormMetadata, type SubmissionResult, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { z } from "zod";
import { FormError, Spinner, buttonClass } from "~/components/ui";

type FieldsOf<Schema extends z.ZodObject> = ReturnType<FormMetadata<z.input<Schema>>["getFieldset"]>;

export function AccountForm<Schema extends z.ZodObject>({
  id,
  schema,
  next,
  lastResult,
  submitLabel,
  submittingLabel,
  defaultValue,
  children,
}: {
  id: string;
  schema: Schema;
  next: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
  submitLabel: string;
  submittingLabel: string;
  /** Values the form starts with (an invited address). */
  defaultValue?: Partial<Record<keyof z.input<Schema>, string>>;
  children: (fields: FieldsOf<Schema>) => ReactNode;
}) {
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <FormError errors={form.errors} />
      {children(fields)}
      <button type="submit" className={buttonClass("primary", "md", "w-full")} disabled={submitting}>
        {submitting ? <Spinner /> : null}
        {submitting ? submittingLabel : submitLabel}
      </button>
    </Form>
  );
}
