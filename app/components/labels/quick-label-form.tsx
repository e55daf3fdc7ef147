// The issue sidebar's quick label form: a name ('This is required') and a
// colour, #ff0000 by default. The issue route's action (at `action`) creates the label and adds it
// to the issue.
import { type SubmissionResult, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useAction } from "~/hooks/use-action";
import { QUICK_LABEL_COLOR, QuickLabelSchema } from "../../../workers/domain/schemas/labels";
import { FieldError, Spinner, buttonClass } from "../ui";

export function QuickLabelForm({ action, onDone }: { action: string; onDone(): void }) {
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]>; ok?: boolean; status?: number }>();
  const [color, setColor] = useState(QUICK_LABEL_COLOR);
  const [form, fields] = useForm({
    id: "quick-label",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: QuickLabelSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  useAction(fetcher, { onDone });
  const pending = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} className="space-y-2 p-2" aria-label="New label">
      <input type="hidden" name="intent" value="quick-label" />
      <div className="flex items-center gap-2">
        <label className="relative size-7 shrink-0 overflow-hidden rounded-md border border-neutral-200" title="Label colour">
          <span className="absolute inset-1 rounded" style={{ backgroundColor: color }} />
          <input
            type="color"
            name="color"
            value={color}
            onChange={(event) => setColor(event.target.value)}
            aria-label="Label colour"
            className="absolute inset-0 cursor-pointer opacity-0"
          />
        </label>
        <input
          {...getInputProps(fields.name, { type: "text" })}
          aria-label="Label title"
          placeholder="Title"
          autoComplete="off"
          className="h-7 min-w-0 flex-1 rounded-md border border-neutral-300 px-2 text-sm outline-none focus:border-brand-500 aria-[invalid=true]:border-red-400"
        />
      </div>
      <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      <div className="flex justify-end gap-1.5">
        <button type="button" className={buttonClass("ghost", "sm", "h-7")} onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className={buttonClass("primary", "sm", "h-7")} disabled={pending}>
          {pending ? <Spinner className="size-3" /> : null}
          Add
        </button>
      </div>
    </fetcher.Form>
  );
}
