// The project's states in their five groups. Each group has a "+" that opens an inline form
// (name, colour, description) at its top; "Create state" opens a dialog that also picks the
// group. A state can be edited inline, made the default, moved up or down within its group and
// deleted after a confirmation. A name already in use is told in the inline form's own words and
// in the dialog's. Delete is unavailable for the default state and the last state of a group, and
// says why when pointed at or focused; a deletion the server still refuses (a state with issues)
// says why in an error toast.
import { type SubmissionResult, getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Dialog } from "@ark-ui/react/dialog";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import {
  DEFAULT_STATE_COLOR,
  STATE_CREATED,
  STATE_CREATE_FAILED,
  STATE_DELETE_FAILED,
  STATE_GROUPS,
  STATE_UPDATED,
  STATE_UPDATE_FAILED,
  StateFormSchema,
  stateDeleteRefusal,
} from "../../../workers/domain/schemas/states";
import type { StateIntent } from "~/lib/project-settings-states-contract";
import type { SettingsAnswer } from "~/lib/settings-contract";
import { DialogShell, FormDialogActions } from "../dialog";
import { IconPencil, IconPlus, IconTrash, icon } from "../icons";
import { StateGroupIcon } from "../issue-icons";
import { ConfirmDeleteDialog } from "../dialog";
import { ColouredNameField, InlineColouredName, InlineFormActions } from "../settings/coloured-name";
import { SettingsTitle } from "../settings/section";
import { type ActionFailure, useAction } from "~/hooks/use-action";
import { failureMessage } from "~/lib/action-answer";
import { useToast } from "../toast";
import { FieldError, FormError, buttonClass, inputClass, labelClass } from "../ui";

export type StateGroup = (typeof STATE_GROUPS)[number];

export interface ManagedState {
  id: string;
  name: string;
  description: string;
  color: string;
  group: StateGroup;
  default: boolean;
  sequence: number;
}

const IconArrowUp = icon("arrow-up");
const IconArrowDown = icon("arrow-down");

const GROUP_LABELS: Record<StateGroup, string> = {
  backlog: "Backlog",
  unstarted: "Unstarted",
  started: "Started",
  completed: "Completed",
  cancelled: "Cancelled",
};

const iconButton =
  "inline-flex size-7 shrink-0 items-center justify-center rounded text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent";

/**
 * Reads a state form's answer: a success toasts and calls `onDone`. Messages of a refused input sit
 * on the form; any other refusal toasts the form's generic failure.
 */
function useStateFormAnswer(fetcher: { state: string; data?: SettingsAnswer }, success: string, failure: string, onDone: () => void) {
  const toast = useToast();
  useAction(fetcher, {
    onDone: () => {
      toast.show({ type: "success", title: "Success!", message: success });
      onDone();
    },
    message: () => failure,
  });
}

/** A refused change says which rule holds (the default, the last of its group, its issues); anything else is `generic`. */
const ruleOr = (generic: string) => (failure: ActionFailure) => (failure.kind === "Invalid" ? failureMessage(failure, generic) : generic);

/** Add a state to a group, or edit one, in place in the list. */
function InlineStateForm({ group, state, onDone }: { group: StateGroup; state?: ManagedState; onDone(): void }) {
  const fetcher = useFetcher<SettingsAnswer>();
  const [form, fields] = useForm({
    id: `state-form-${state?.id ?? group}`,
    lastResult: fetcher.state === "idle" && !fetcher.data?.ok ? (fetcher.data?.result as SubmissionResult<string[]>) : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StateFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { name: state?.name ?? "", description: state?.description ?? "" },
  });
  useStateFormAnswer(fetcher, state ? STATE_UPDATED : STATE_CREATED, state ? STATE_UPDATE_FAILED : STATE_CREATE_FAILED, onDone);
  const pending = fetcher.state !== "idle";
  const title = state ? `Edit state ${state.name}` : `New ${GROUP_LABELS[group]} state`;
  return (
    <fetcher.Form method="post" {...getFormProps(form)} aria-label={title} className="border-t border-neutral-100 bg-neutral-50/60 px-3 py-3">
      <input type="hidden" name="intent" value={state ? "update-state" : "create-state"} />
      <input type="hidden" name="form" value="inline" />
      <input type="hidden" name="group" value={group} />
      {state ? <input type="hidden" name="state_id" value={state.id} /> : null}
      <div className="flex flex-wrap items-start gap-2">
        <InlineColouredName name={fields.name} color={fields.color} defaultColor={state?.color ?? DEFAULT_STATE_COLOR} label="Name" colorLabel="State colour" className="min-w-[10rem] flex-1" />
        <div className="min-w-[10rem] flex-[2]">
          <input
            {...getInputProps(fields.description, { type: "text" })}
            aria-label="Description"
            placeholder="Description"
            autoComplete="off"
            className={inputClass}
          />
          <FieldError id={fields.description.errorId} errors={fields.description.errors} />
        </div>
        <InlineFormActions label={state ? "Update" : "Create"} busyLabel={state ? "Updating..." : "Creating..."} busy={pending} onCancel={onDone} />
      </div>
      <FormError errors={form.errors} />
    </fetcher.Form>
  );
}

/** The create dialog: like the inline form, plus the group. */
function CreateStateDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const fetcher = useFetcher<SettingsAnswer>();
  const [form, fields] = useForm({
    id: "create-state",
    lastResult: fetcher.state === "idle" && !fetcher.data?.ok ? (fetcher.data?.result as SubmissionResult<string[]>) : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StateFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { group: "backlog" },
  });
  useStateFormAnswer(fetcher, STATE_CREATED, STATE_CREATE_FAILED, () => onOpenChange(false));
  const pending = fetcher.state !== "idle";
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} width="max-w-md" offset="sm:pt-[14vh]" layer="top">
      <fetcher.Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create-state" />
        <input type="hidden" name="form" value="modal" />
        <div className="space-y-4 px-5 pt-5 pb-4">
          <Dialog.Title className="text-base font-semibold text-neutral-900">Create state</Dialog.Title>
          <ColouredNameField name={fields.name} color={fields.color} defaultColor={DEFAULT_STATE_COLOR} label="Name" colorLabel="State colour" />
          <div>
            <label htmlFor={fields.group.id} className={labelClass}>
              Group
            </label>
            <select id={fields.group.id} name={fields.group.name} defaultValue="backlog" className={inputClass}>
              {STATE_GROUPS.map((group) => (
                <option key={group} value={group}>
                  {GROUP_LABELS[group]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={fields.description.id} className={labelClass}>
              Description
            </label>
            <textarea {...getTextareaProps(fields.description)} rows={3} placeholder="Description" className={inputClass} />
            <FieldError id={fields.description.errorId} errors={fields.description.errors} />
          </div>
          <FormError errors={form.errors} />
        </div>
        <FormDialogActions label="Create state" busyLabel="Creating..." busy={pending} />
      </fetcher.Form>
    </DialogShell>
  );
}

/** Delete, or when the state may not be deleted, a button that says why on hover and focus. */
function DeleteStateButton({ state, refusal, onDelete }: { state: ManagedState; refusal: string | null; onDelete(): void }) {
  const label = `Delete state ${state.name}`;
  if (!refusal) {
    return (
      <button type="button" className={iconButton} aria-label={label} onClick={onDelete}>
        <IconTrash size={14} />
      </button>
    );
  }
  // aria-disabled rather than disabled: the button stays focusable, so the reason can be read.
  const reasonId = `delete-refused-${state.id}`;
  return (
    <span className="group/tip relative inline-flex">
      <button type="button" className={`${iconButton} cursor-not-allowed opacity-40`} aria-label={label} aria-disabled="true" aria-describedby={reasonId}>
        <IconTrash size={14} />
      </button>
      <span
        id={reasonId}
        role="tooltip"
        className="pointer-events-none invisible absolute top-full right-0 z-20 mt-1 rounded-md bg-neutral-900 px-2 py-1 text-[11px] whitespace-nowrap text-white opacity-0 shadow-lg transition-opacity group-focus-within/tip:visible group-focus-within/tip:opacity-100 group-hover/tip:visible group-hover/tip:opacity-100 dark:bg-neutral-700"
      >
        {refusal}
      </span>
    </span>
  );
}

function StateRow({
  state,
  first,
  last,
  deleteRefusal,
  busy,
  onEdit,
  onDelete,
  onIntent,
}: {
  state: ManagedState;
  first: boolean;
  last: boolean;
  /** Why the state may not be deleted, or null. */
  deleteRefusal: string | null;
  busy: boolean;
  onEdit(): void;
  onDelete(): void;
  onIntent(intent: StateIntent): void;
}) {
  return (
    <li data-testid="state-row" className="flex items-center gap-3 border-t border-neutral-100 px-3 py-2.5">
      <StateGroupIcon group={state.group} color={state.color} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-neutral-800">{state.name}</p>
        {state.description ? <p className="truncate text-xs text-neutral-600">{state.description}</p> : null}
      </div>
      {state.default ? (
        <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-medium text-neutral-700">Default</span>
      ) : (
        <button
          type="button"
          disabled={busy}
          className="rounded px-2 py-0.5 text-xs font-medium text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 disabled:opacity-50"
          aria-label={`Set ${state.name} as default`}
          onClick={() => onIntent({ intent: "set-default", state_id: state.id })}
        >
          Set as default
        </button>
      )}
      <div className="flex items-center">
        <button
          type="button"
          className={iconButton}
          disabled={first || busy}
          aria-label={`Move ${state.name} up`}
          onClick={() => onIntent({ intent: "move-state", state_id: state.id, direction: "up" })}
        >
          <IconArrowUp size={14} />
        </button>
        <button
          type="button"
          className={iconButton}
          disabled={last || busy}
          aria-label={`Move ${state.name} down`}
          onClick={() => onIntent({ intent: "move-state", state_id: state.id, direction: "down" })}
        >
          <IconArrowDown size={14} />
        </button>
        <button type="button" className={iconButton} aria-label={`Edit state ${state.name}`} onClick={onEdit}>
          <IconPencil size={14} />
        </button>
        <DeleteStateButton state={state} refusal={deleteRefusal} onDelete={onDelete} />
      </div>
    </li>
  );
}

export function StateManager({ states }: { states: ManagedState[] }) {
  const [adding, setAdding] = useState<StateGroup | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ManagedState | null>(null);
  const intentFetcher = useFetcher<SettingsAnswer>();
  const deleteFetcher = useFetcher<SettingsAnswer>();

  useAction(intentFetcher, { message: ruleOr(STATE_UPDATE_FAILED) });
  const closeDelete = () => setDeleting(null);
  useAction(deleteFetcher, { onDone: closeDelete, onError: closeDelete, message: ruleOr(STATE_DELETE_FAILED) });

  const submit = (intent: StateIntent) => intentFetcher.submit(intent, { method: "post", encType: "application/json" });
  const close = () => {
    setAdding(null);
    setEditing(null);
  };

  return (
    <div className="space-y-6">
      <SettingsTitle
        title="States"
        description="The states an issue moves through, in five groups; new issues start in the default state."
        action={
          <button type="button" className={buttonClass("primary", "sm")} onClick={() => setCreating(true)}>
            <IconPlus size={14} /> Create state
          </button>
        }
      />
      <div className="space-y-4">
        {STATE_GROUPS.map((group) => {
          const members = states.filter((state) => state.group === group);
          return (
            <section key={group} aria-label={`${GROUP_LABELS[group]} states`} className="rounded-lg border border-neutral-200 bg-surface">
              <div className="flex items-center justify-between gap-2 px-3 py-2">
                <h2 className="text-sm font-semibold text-neutral-800">{GROUP_LABELS[group]}</h2>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Add ${GROUP_LABELS[group]} state`}
                  onClick={() => {
                    setEditing(null);
                    setAdding(group);
                  }}
                >
                  <IconPlus size={15} />
                </button>
              </div>
              {adding === group ? <InlineStateForm group={group} onDone={close} /> : null}
              <ul>
                {members.map((state, index) =>
                  editing === state.id ? (
                    <li key={state.id}>
                      <InlineStateForm group={group} state={state} onDone={close} />
                    </li>
                  ) : (
                    <StateRow
                      key={state.id}
                      state={state}
                      first={index === 0}
                      last={index === members.length - 1}
                      deleteRefusal={stateDeleteRefusal(state, members.length)}
                      busy={intentFetcher.state !== "idle"}
                      onEdit={() => {
                        setAdding(null);
                        setEditing(state.id);
                      }}
                      onDelete={() => setDeleting(state)}
                      onIntent={submit}
                    />
                  ),
                )}
              </ul>
            </section>
          );
        })}
      </div>
      {creating ? <CreateStateDialog open onOpenChange={setCreating} /> : null}
      <ConfirmDeleteDialog
        kind="state"
        target={deleting}
        onClose={() => setDeleting(null)}
        pending={deleteFetcher.state !== "idle"}
        onConfirm={(target) => deleteFetcher.submit({ intent: "delete-state", state_id: target.id }, { method: "post", encType: "application/json" })}
      />
    </div>
  );
}
