// The project's estimates: named scales of up to eight points that size issues. The project uses
// one of them or none (estimates off); the issue pickers then offer that estimate's points. An
// estimate is created or edited in a dialog (name, description, the points' values in order) and
// deleted after a confirmation; deleting the one in use leaves the project without an estimate.
import { type SubmissionResult, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Dialog } from "@ark-ui/react/dialog";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { ESTIMATE_KEY_MAX } from "../../../workers/domain/schemas/constants";
import { EstimateFormSchema } from "../../../workers/domain/schemas/estimates";
import type { EstimateIntent } from "~/lib/project-settings-estimates-contract";
import type { SettingsAnswer } from "~/lib/settings-contract";
import { DialogShell, FormDialogActions } from "../dialog";
import { IconPencil, IconPlus, IconTrash, IconX } from "../icons";
import { ConfirmDeleteDialog } from "../dialog";
import { SettingsSection, SettingsTitle } from "../settings/section";
import { useAction } from "~/hooks/use-action";
import { useToast } from "../toast";
import { Field, FieldError, FormError, buttonClass, inputClass, labelClass } from "../ui";

export interface ManagedEstimate {
  id: string;
  name: string;
  description: string;
  points: { key: number; value: string }[];
}

const NONE = "";
const MAX_POINTS = ESTIMATE_KEY_MAX + 1;
const iconButton =
  "inline-flex size-8 shrink-0 items-center justify-center rounded text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 disabled:cursor-not-allowed disabled:opacity-40";

/** Create an estimate, or edit one: its points are listed in order, each one's key its position. */
function EstimateDialog({ estimate, onClose }: { estimate?: ManagedEstimate; onClose(): void }) {
  const fetcher = useFetcher<SettingsAnswer>();
  const toast = useToast();
  const [form, fields] = useForm({
    id: `estimate-form-${estimate?.id ?? "new"}`,
    lastResult: fetcher.state === "idle" && !fetcher.data?.ok ? (fetcher.data?.result as SubmissionResult<string[]>) : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EstimateFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: {
      name: estimate?.name ?? "",
      description: estimate?.description ?? "",
      points: estimate ? estimate.points.map((point) => ({ value: point.value })) : [{ value: "" }, { value: "" }, { value: "" }],
    },
  });
  useAction(fetcher, {
    onDone: () => {
      toast.show({ type: "success", title: "Success!", message: estimate ? "Estimate updated successfully." : "Estimate created successfully." });
      onClose();
    },
    message: "Estimate could not be saved. Please try again.",
  });
  const points = fields.points.getFieldList();
  const pending = fetcher.state !== "idle";
  const title = estimate ? "Edit estimate" : "Create estimate";
  return (
    <DialogShell open onOpenChange={(open) => !open && onClose()} width="max-w-lg" offset="sm:pt-[10vh]" layer="top">
      <fetcher.Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={estimate ? "update-estimate" : "create-estimate"} />
        {estimate ? <input type="hidden" name="estimate_id" value={estimate.id} /> : null}
        <div className="space-y-4 px-5 pt-5 pb-4">
          <Dialog.Title className="text-base font-semibold text-neutral-900">{title}</Dialog.Title>
          <Field label="Name" field={fields.name} placeholder="Name" autoComplete="off" />
          <Field as="textarea" label="Description" field={fields.description} rows={2} placeholder="Description" />
          <fieldset>
            <legend className={labelClass}>Points</legend>
            <ol className="space-y-2">
              {points.map((point, index) => {
                const value = point.getFieldset().value;
                return (
                  <li key={point.key}>
                    <div className="flex items-center gap-2">
                      <span className="w-5 shrink-0 text-right text-xs text-neutral-600" aria-hidden="true">
                        {index + 1}
                      </span>
                      <input
                        {...getInputProps(value, { type: "text" })}
                        aria-label={`Point ${index + 1}`}
                        placeholder={`Point ${index + 1}`}
                        autoComplete="off"
                        className={inputClass}
                      />
                      <button
                        {...form.remove.getButtonProps({ name: fields.points.name, index })}
                        className={iconButton}
                        disabled={points.length <= 1}
                        aria-label={`Remove point ${index + 1}`}
                      >
                        <IconX size={14} />
                      </button>
                    </div>
                    <div className="pl-7">
                      <FieldError id={value.errorId} errors={value.errors} />
                    </div>
                  </li>
                );
              })}
            </ol>
            <FieldError id={fields.points.errorId} errors={fields.points.errors} />
            <button
              {...form.insert.getButtonProps({ name: fields.points.name, defaultValue: { value: "" } })}
              className={buttonClass("ghost", "sm", "mt-2")}
              disabled={points.length >= MAX_POINTS}
            >
              <IconPlus size={14} /> Add point
            </button>
          </fieldset>
          <FormError errors={form.errors} />
        </div>
        <FormDialogActions
          label={estimate ? "Update estimate" : "Create estimate"}
          busyLabel={estimate ? "Updating..." : "Creating..."}
          busy={pending}
        />
      </fetcher.Form>
    </DialogShell>
  );
}

/** Which estimate the project uses, or none. */
function ProjectEstimatePicker({ estimates, current, canPick }: { estimates: ManagedEstimate[]; current: string | null; canPick: boolean }) {
  const fetcher = useFetcher<SettingsAnswer>();
  useAction(fetcher, { message: "The estimate could not be changed. Please try again." });
  const pending = fetcher.state !== "idle" ? (fetcher.json as { estimate_id?: string | null } | undefined) : undefined;
  const value = pending ? (pending.estimate_id ?? NONE) : (current ?? NONE);
  return (
    <SettingsSection label="Project estimate">
      <label htmlFor="project-estimate" className="text-sm font-semibold text-neutral-900">
        Estimate used by this project
      </label>
      <p id="project-estimate-hint" className="mt-0.5 text-sm text-neutral-600">
        {canPick
          ? "Issues are sized with its points. Pick None to turn estimates off."
          : "Issues are sized with its points. Only project owners can change it."}
      </p>
      <select
        id="project-estimate"
        aria-describedby="project-estimate-hint"
        className={`${inputClass} mt-3 max-w-xs`}
        value={value}
        disabled={!canPick}
        onChange={(event) => {
          const intent: EstimateIntent = { intent: "use-estimate", estimate_id: event.target.value || null };
          fetcher.submit(intent, { method: "post", encType: "application/json" });
        }}
      >
        <option value={NONE}>None</option>
        {estimates.map((estimate) => (
          <option key={estimate.id} value={estimate.id}>
            {estimate.name}
          </option>
        ))}
      </select>
    </SettingsSection>
  );
}

export function EstimateManager({ estimates, current, canPick }: { estimates: ManagedEstimate[]; current: string | null; canPick: boolean }) {
  const [editing, setEditing] = useState<ManagedEstimate | "new" | null>(null);
  const [deleting, setDeleting] = useState<ManagedEstimate | null>(null);
  const deleteFetcher = useFetcher<SettingsAnswer>();
  const closeDelete = () => setDeleting(null);
  useAction(deleteFetcher, { onDone: closeDelete, onError: closeDelete, message: "Estimate could not be deleted. Please try again." });

  return (
    <div className="space-y-6">
      <SettingsTitle
        title="Estimates"
        description="Scales of up to eight points to size issues with."
        action={
          <button type="button" className={buttonClass("primary", "sm")} onClick={() => setEditing("new")}>
            <IconPlus size={14} /> Create estimate
          </button>
        }
      />
      <ProjectEstimatePicker estimates={estimates} current={current} canPick={canPick} />
      {estimates.length === 0 ? (
        <p className="rounded-lg border border-dashed border-neutral-300 px-4 py-8 text-center text-sm text-neutral-600">
          No estimates yet. Create one to size issues with points.
        </p>
      ) : (
        <ul className="space-y-2" aria-label="Estimates">
          {estimates.map((estimate) => (
            <li
              key={estimate.id}
              data-testid="estimate-card"
              className="flex flex-wrap items-start gap-3 rounded-lg border border-neutral-200 bg-surface px-4 py-3"
            >
              <div className="min-w-0 flex-1">
                <div className="flex items-center gap-2">
                  <h2 className="truncate text-sm font-semibold text-neutral-900">{estimate.name}</h2>
                  {estimate.id === current ? (
                    <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 dark:bg-brand-950/50 dark:text-brand-300">
                      In use
                    </span>
                  ) : null}
                </div>
                {estimate.description ? <p className="mt-0.5 text-sm text-neutral-600">{estimate.description}</p> : null}
                <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`Points of ${estimate.name}`}>
                  {estimate.points.map((point) => (
                    <li key={point.key} className="rounded border border-neutral-200 px-2 py-0.5 text-xs text-neutral-700">
                      {point.value}
                    </li>
                  ))}
                </ul>
              </div>
              <div className="flex items-center">
                <button type="button" className={iconButton} aria-label={`Edit estimate ${estimate.name}`} onClick={() => setEditing(estimate)}>
                  <IconPencil size={15} />
                </button>
                <button type="button" className={iconButton} aria-label={`Delete estimate ${estimate.name}`} onClick={() => setDeleting(estimate)}>
                  <IconTrash size={15} />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <EstimateDialog key={editing === "new" ? "new" : editing.id} estimate={editing === "new" ? undefined : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDeleteDialog
        kind="estimate"
        target={deleting}
        consequence={deleting?.id === current ? "The project uses it and will be left without an estimate." : undefined}
        onClose={() => setDeleting(null)}
        pending={deleteFetcher.state !== "idle"}
        onConfirm={(target) => deleteFetcher.submit({ intent: "delete-estimate", estimate_id: target.id }, { method: "post", encType: "application/json" })}
      />
    </div>
  );
}
