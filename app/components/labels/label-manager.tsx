// Label management of project settings: an inline form to add or edit a label, label
// group cards (a parent label with its children), single-label cards, the create dialog (used to
// put labels in a group) and the delete confirmation. Names are required ('Label title is
// required'); new labels are #858E96 unless another colour is picked.
import { type SubmissionResult, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Dialog } from "@ark-ui/react/dialog";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useAction } from "~/hooks/use-action";
import { DialogShell, FormDialogActions } from "../dialog";
import { ColouredNameField, InlineColouredName, InlineFormActions } from "../settings/coloured-name";
import { IconChevronDown, IconChevronRight, IconDots, IconPlus } from "../icons";
import { ConfirmDeleteDialog } from "../dialog";
import { Menu, buttonClass, inputClass, labelClass } from "../ui";
import { DEFAULT_LABEL_COLOR, LABEL_DELETE_FAILED, LabelFormSchema } from "../../../workers/domain/schemas/labels";
import { toggled } from "~/lib/sets";

export interface ManagedLabel {
  id: string;
  name: string;
  color: string;
  parent: string | null;
}

type FormAnswer = { result?: SubmissionResult<string[]>; ok?: boolean; status?: number; intent?: string };
type JsonAnswer = { ok: boolean; error?: string; status?: number; intent?: string };

/** Create (optionally inside a group) or edit a label, inline in the list. */
function InlineLabelForm({ label, onDone }: { label?: ManagedLabel; onDone(): void }) {
  const fetcher = useFetcher<FormAnswer>();
  const [form, fields] = useForm({
    id: `label-form-${label?.id ?? "new"}`,
    lastResult: fetcher.state === "idle" && !fetcher.data?.ok ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LabelFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { name: label?.name ?? "" },
  });
  useAction(fetcher, { onDone });
  const pending = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" {...getFormProps(form)} aria-label={label ? `Edit label ${label.name}` : "New label"} className="rounded-lg border border-neutral-200 bg-surface p-3">
      <input type="hidden" name="intent" value={label ? "update-label" : "create-label"} />
      {label ? <input type="hidden" name="label_id" value={label.id} /> : null}
      <div className="flex items-start gap-2">
        <InlineColouredName name={fields.name} color={fields.color} defaultColor={label?.color ?? DEFAULT_LABEL_COLOR} label="Label title" colorLabel="Label colour" className="min-w-0 flex-1" />
        <InlineFormActions label={label ? "Update label" : "Add label"} busyLabel={label ? "Updating..." : "Adding..."} busy={pending} onCancel={onDone} />
      </div>
    </fetcher.Form>
  );
}

/** The label create dialog (default colour #858E96), used to add labels to a group. */
function CreateLabelDialog({
  open,
  onOpenChange,
  parent,
  groups,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  parent: string | null;
  groups: ManagedLabel[];
}) {
  const fetcher = useFetcher<FormAnswer>();
  const [form, fields] = useForm({
    id: `create-label-${parent ?? "root"}`,
    lastResult: fetcher.state === "idle" && !fetcher.data?.ok ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LabelFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { parent: parent ?? "" },
  });
  useAction(fetcher, { onDone: () => onOpenChange(false) });
  const pending = fetcher.state !== "idle";
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} width="max-w-md" offset="sm:pt-[14vh]" layer="top">
      <fetcher.Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create-label" />
        <div className="space-y-4 px-5 pt-5 pb-4">
          <Dialog.Title className="text-base font-semibold text-neutral-900">Create label</Dialog.Title>
          <ColouredNameField name={fields.name} defaultColor={DEFAULT_LABEL_COLOR} label="Label title" colorLabel="Label colour" />
          <div>
            <label htmlFor={fields.parent.id} className={labelClass}>
              Group
            </label>
            <select id={fields.parent.id} name={fields.parent.name} defaultValue={parent ?? ""} className={inputClass}>
              <option value="">No group</option>
              {groups.map((group) => (
                <option key={group.id} value={group.id}>
                  {group.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <FormDialogActions
          label="Create label"
          busyLabel="Creating..."
          busy={pending}
        />
      </fetcher.Form>
    </DialogShell>
  );
}

function LabelMenu({
  label,
  items,
}: {
  label: ManagedLabel;
  items: { value: string; text: string; danger?: boolean; onSelect(): void }[];
}) {
  return (
    <Menu
      rootProps={{ positioning: { placement: "bottom-end" } }}
      triggerProps={{
        className: "rounded p-1 text-neutral-400 hover:bg-neutral-100 hover:text-neutral-700",
        "aria-label": `Actions for label ${label.name}`,
      }}
      trigger={<IconDots size={15} />}
      contentClassName="z-[60] w-48"
      portal={false}
    >
      {(Menu) =>
        items.map((item) => (
          <Menu.Item
            key={item.value}
            value={item.value}
            onSelect={item.onSelect}
            className={`cursor-pointer rounded-md px-2 py-1.5 text-sm data-[highlighted]:bg-neutral-100 ${item.danger ? "text-red-600 dark:text-red-400" : "text-neutral-700"}`}
          >
            {item.text}
          </Menu.Item>
        ))
      }
    </Menu>
  );
}

const Dot = ({ color }: { color: string }) => <span className="size-3 shrink-0 rounded-full" style={{ backgroundColor: color }} aria-hidden="true" />;

export function LabelManager({ labels }: { labels: ManagedLabel[] }) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [dialogParent, setDialogParent] = useState<string | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<ManagedLabel | null>(null);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const deleteFetcher = useFetcher<JsonAnswer>();
  const groupFetcher = useFetcher<JsonAnswer>();
  // The list is reloaded either way (the submission revalidates the page).
  const closeDelete = () => setDeleting(null);
  useAction(deleteFetcher, { onDone: closeDelete, onError: closeDelete, message: () => LABEL_DELETE_FAILED });
  useAction(groupFetcher);

  const children = new Map<string, ManagedLabel[]>();
  for (const label of labels) {
    if (label.parent) children.set(label.parent, [...(children.get(label.parent) ?? []), label]);
  }
  const topLevel = labels.filter((label) => !label.parent || !labels.some((other) => other.id === label.parent));
  const groups = topLevel;
  const closeForm = () => {
    setAdding(false);
    setEditing(null);
  };
  const ungroup = (label: ManagedLabel) =>
    groupFetcher.submit({ intent: "ungroup-label", label_id: label.id }, { method: "post", encType: "application/json" });

  const commonItems = (label: ManagedLabel) => [
    { value: "edit", text: "Edit label", onSelect: () => setEditing(label.id) },
    { value: "delete", text: "Delete label", danger: true, onSelect: () => setDeleting(label) },
  ];

  return (
    <div>
      <div className="flex items-start justify-between gap-4 border-b border-neutral-200 pb-4">
        <div>
          <h1 className="text-lg font-semibold text-neutral-900">Labels</h1>
          <p className="mt-0.5 text-sm text-neutral-500">Labels tag issues across the project; put related labels in a group.</p>
        </div>
        <button type="button" className={buttonClass("primary", "sm")} onClick={() => setAdding(true)}>
          <IconPlus size={14} /> Add label
        </button>
      </div>

      <div className="mt-4 space-y-2">
        {adding ? <InlineLabelForm onDone={closeForm} /> : null}
        {labels.length === 0 && !adding ? (
          <p className="rounded-lg border border-dashed border-neutral-300 px-4 py-8 text-center text-sm text-neutral-500">
            No labels yet. Add one to start tagging issues.
          </p>
        ) : null}
        {topLevel.map((label) => {
          const members = children.get(label.id) ?? [];
          if (editing === label.id) return <InlineLabelForm key={label.id} label={label} onDone={closeForm} />;
          if (members.length === 0) {
            return (
              <div key={label.id} data-testid="label-card" className="flex items-center gap-3 rounded-lg border border-neutral-200 bg-surface px-4 py-2.5">
                <Dot color={label.color} />
                <span className="flex-1 text-sm font-medium text-neutral-800">{label.name}</span>
                <LabelMenu
                  label={label}
                  items={[{ value: "group", text: "Convert to group", onSelect: () => setDialogParent(label.id) }, ...commonItems(label)]}
                />
              </div>
            );
          }
          const open = !collapsed.has(label.id);
          return (
            <section
              key={label.id}
              aria-label={`Label group ${label.name}`}
              data-testid="label-group"
              className="rounded-lg border border-neutral-200 bg-surface"
            >
              <div className="flex items-center gap-2 px-3 py-2.5">
                <button
                  type="button"
                  aria-expanded={open}
                  aria-label={open ? `Collapse ${label.name}` : `Expand ${label.name}`}
                  onClick={() => setCollapsed((current) => toggled(current, label.id))}
                  className="rounded p-0.5 text-neutral-400 hover:bg-neutral-100"
                >
                  {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                </button>
                <Dot color={label.color} />
                <h2 className="flex-1 text-sm font-semibold text-neutral-800">{label.name}</h2>
                <span className="text-xs text-neutral-400">
                  {members.length} label{members.length === 1 ? "" : "s"}
                </span>
                <LabelMenu
                  label={label}
                  items={[{ value: "add", text: "Add label to group", onSelect: () => setDialogParent(label.id) }, ...commonItems(label)]}
                />
              </div>
              {open ? (
                <ul className="border-t border-neutral-100 py-1 pl-9">
                  {members.map((child) =>
                    editing === child.id ? (
                      <li key={child.id} className="pr-3 py-1">
                        <InlineLabelForm label={child} onDone={closeForm} />
                      </li>
                    ) : (
                      <li key={child.id} className="flex items-center gap-3 py-1.5 pr-3">
                        <Dot color={child.color} />
                        <span className="flex-1 text-sm text-neutral-700">{child.name}</span>
                        <LabelMenu
                          label={child}
                          items={[{ value: "ungroup", text: "Remove from group", onSelect: () => ungroup(child) }, ...commonItems(child)]}
                        />
                      </li>
                    ),
                  )}
                </ul>
              ) : null}
            </section>
          );
        })}
      </div>

      <CreateLabelDialog
        key={dialogParent ?? "none"}
        open={dialogParent !== undefined}
        onOpenChange={(open) => {
          if (!open) setDialogParent(undefined);
        }}
        parent={dialogParent ?? null}
        groups={groups}
      />
      <ConfirmDeleteDialog
        kind="label"
        target={deleting}
        consequence="It will be removed from every issue."
        onClose={() => setDeleting(null)}
        pending={deleteFetcher.state !== "idle"}
        onConfirm={(target) => deleteFetcher.submit({ intent: "delete-label", label_id: target.id }, { method: "post", encType: "application/json" })}
      />
    </div>
  );
}
