// The cycle form (name, description, start and end date) in a dialog, to create a cycle or edit
// one. It posts a JSON intent to the cycle list's action by URL, so it works from any screen of
// the project (the list, Q, the command palette, the cycle's side panel). The date rules (both or
// neither, end not before start, a new end not in the past) are the schema's, run here at once and
// again by the server, whose refusal of a field shows under it; the server then checks the dates
// against the project's other cycles in the same write, and an overlap closes the dialog with its
// toast. A cycle without dates is a draft.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Dialog } from "@ark-ui/react/dialog";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { CreateCycleFields, cycleDateRules } from "../../../workers/domain/schemas/cycles";
import { CYCLE_TEXT, type CycleResponse, type CyclesPageAnswer, type CyclesPageIntent } from "~/lib/cycles-page-contract";
import { projectCyclesPath } from "~/lib/paths";
import { DialogShell, FormDialogActions } from "../dialog";
import { type ActionFailure, useAction } from "~/hooks/use-action";
import { failureMessage } from "~/lib/action-answer";
import { useToast } from "../toast";
import { localToday } from "./cycle-format";
import { Field, NameAndDescriptionFields } from "../ui";

const CycleFormFields = CreateCycleFields.pick({ name: true, description: true, start_date: true, end_date: true });

/** The form's schema as of today: the date rules of every cycle write, an unchanged end left alone. */
const cycleFormSchema = (previousEnd: string | null | undefined) =>
  CycleFormFields.superRefine(cycleDateRules({ today: localToday(), previousEnd }));

/** The action every cycle form posts to: the cycle list's (an index route). */
export const cyclesActionPath = (slug: string, projectId: string) => `${projectCyclesPath(slug, projectId)}?index`;

export interface CycleFormDialogProps {
  workspaceSlug: string;
  projectId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The cycle to edit; without it the dialog creates one. */
  cycle?: Pick<CycleResponse, "id" | "name" | "description" | "start_date" | "end_date">;
  /** Called with the saved cycle's id after the success toast. */
  onSaved?(cycleId: string): void;
}

export function CycleFormDialog({ open, onOpenChange, ...props }: CycleFormDialogProps) {
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} width="max-w-xl" offset="sm:pt-[12vh]" layer="top">
      <CycleForm {...props} onClose={() => onOpenChange(false)} />
    </DialogShell>
  );
}

function CycleForm({
  workspaceSlug,
  projectId,
  cycle,
  onSaved,
  onClose,
}: Omit<CycleFormDialogProps, "open" | "onOpenChange"> & { onClose(): void }) {
  const fetcher = useFetcher<CyclesPageAnswer>();
  const toast = useToast();
  const editing = Boolean(cycle);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const failed = editing ? CYCLE_TEXT.updateFailed : CYCLE_TEXT.createFailed;
  const [form, fields] = useForm({
    id: `cycle-form-${cycle?.id ?? "new"}`,
    defaultValue: {
      name: cycle?.name ?? "",
      description: cycle?.description ?? "",
      start_date: cycle?.start_date ?? "",
      end_date: cycle?.end_date ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: cycleFormSchema(cycle?.end_date) }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      const value = submission.value;
      setServerErrors({});
      const body = { name: value.name, description: value.description ?? "", start_date: value.start_date ?? null, end_date: value.end_date ?? null };
      const intent: CyclesPageIntent = cycle
        ? { intent: "update-cycle", cycle_id: cycle.id, cycle: body }
        : { intent: "create-cycle", cycle: body };
      fetcher.submit(intent as never, { method: "post", action: cyclesActionPath(workspaceSlug, projectId), encType: "application/json" });
    },
  });
  // The only conflict a cycle write has is dates another cycle holds: said in the server's words.
  const overlap = (failure: ActionFailure) => failure.kind === "Conflict";
  useAction(fetcher, {
    onDone: (answer) => {
      toast.show({ type: "success", title: "Success!", message: editing ? CYCLE_TEXT.updated : CYCLE_TEXT.created });
      onClose();
      onSaved?.((answer.ok && answer.id) || cycle?.id || "");
    },
    onFields: setServerErrors,
    message: (failure) => (overlap(failure) ? failureMessage(failure, failed) : failed),
    onError: (failure) => {
      if (overlap(failure)) onClose();
    },
  });

  return (
    <form {...getFormProps(form)}>
      <div className="space-y-4 px-5 pt-5 pb-5">
        <Dialog.Title className="text-base font-semibold text-neutral-900">{editing ? "Update Cycle" : "Create Cycle"}</Dialog.Title>
        <NameAndDescriptionFields
          name={fields.name}
          description={fields.description}
          errors={serverErrors}
          nameLabel="Name"
          namePlaceholder="Cycle name"
          autoFocus
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Start date" type="date" field={fields.start_date} errors={serverErrors.start_date} />
          <Field label="End date" type="date" field={fields.end_date} errors={serverErrors.end_date} />
        </div>
        <p className="text-xs text-neutral-500">Leave both dates empty to save a draft cycle.</p>
      </div>
      <FormDialogActions
        label={editing ? "Update Cycle" : "Create Cycle"}
        busyLabel={editing ? "Updating Cycle..." : "Creating Cycle..."}
        busy={fetcher.state !== "idle"}
      />
    </form>
  );
}
