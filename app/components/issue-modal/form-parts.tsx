// The issue form's parts around its fields: the header (project, title, close), the parent chip,
// the hidden inputs that carry the picked properties and the description into the form's post,
// and the footer (create more, the buttons).
import { Dialog } from "@ark-ui/react/dialog";
import type { RichTextValue } from "../editor";
import { DialogActions } from "../dialog";
import { IconX } from "../icons";
import { issueKey } from "../issue-detail/format";
import { IconParent } from "../issue-detail/icons";
import type { IssueOption } from "../issue-detail/project-data";
import type { IssueFormValues } from "./form-values";

/** The project's identifier, "Create Issue" or "Update Issue FW-3", and the close button. */
export function FormHeader({ identifier, editing }: { identifier: string; editing: { sequence_id: number } | null }) {
  return (
    <div className="flex items-center gap-2 px-5 pt-4">
      <span className="rounded-md bg-neutral-100 px-2 py-0.5 font-mono text-xs font-medium text-neutral-600">{identifier}</span>
      <Dialog.Title className="text-base font-semibold text-neutral-900">
        {editing ? `Update Issue ${issueKey(identifier, editing.sequence_id)}` : "Create Issue"}
      </Dialog.Title>
      <Dialog.CloseTrigger type="button" className="ml-auto rounded p-1 text-neutral-400 hover:bg-neutral-100" aria-label="Close">
        <IconX size={16} />
      </Dialog.CloseTrigger>
    </div>
  );
}

/** The parent picked for the issue, with a button that removes it. */
export function ParentChip({ identifier, parent, onRemove }: { identifier: string; parent: IssueOption; onRemove(): void }) {
  return (
    <div className="flex w-fit items-center gap-1.5 rounded-md border border-neutral-200 px-2 py-1 text-xs text-neutral-600">
      <IconParent size={12} />
      <span className="font-mono text-neutral-400">{issueKey(identifier, parent.sequence_id)}</span>
      <span className="max-w-60 truncate">{parent.name}</span>
      <button type="button" aria-label="Remove parent" className="text-neutral-400 hover:text-neutral-700" onClick={onRemove}>
        <IconX size={12} />
      </button>
    </div>
  );
}

/** `description`: the description to send, or null to leave it out (an untouched edit, an empty create). */
export function HiddenIssueFields({
  editingId,
  newId,
  values,
  description,
}: { editingId: string | null; newId: string | null; values: IssueFormValues; description: RichTextValue | null }) {
  return (
    <>
      <input type="hidden" name="intent" value={editingId ? "update-issue" : "create-issue"} />
      {editingId ? <input type="hidden" name="issue_id" value={editingId} /> : null}
      {newId ? <input type="hidden" name="id" value={newId} /> : null}
      <input type="hidden" name="state" value={values.state ?? ""} />
      <input type="hidden" name="priority" value={values.priority} />
      {values.assignees.map((id) => (
        <input key={id} type="hidden" name="assignees_list" value={id} />
      ))}
      {values.labels.map((id) => (
        <input key={id} type="hidden" name="labels_list" value={id} />
      ))}
      <input type="hidden" name="estimate_point" value={values.estimate ?? ""} />
      <input type="hidden" name="parent" value={values.parent ?? ""} />
      <input type="hidden" name="cycle" value={values.cycle ?? ""} />
      <input type="hidden" name="module" value={values.module ?? ""} />
      {description ? (
        <>
          <input type="hidden" name="description_html" value={description.empty ? "<p></p>" : description.html} />
          <input type="hidden" name="description_json" value={JSON.stringify(description.json)} />
        </>
      ) : null}
    </>
  );
}

export function FormFooter({ editing, submitting, createMore, setCreateMore }: { editing: boolean; submitting: boolean; createMore: boolean; setCreateMore(value: boolean): void }) {
  return (
    <div className="flex items-center gap-3 rounded-b-xl border-t border-neutral-100 bg-neutral-50/60 px-5 py-3">
      {!editing ? (
        <button
          type="button"
          role="switch"
          aria-checked={createMore}
          onClick={() => setCreateMore(!createMore)}
          className="flex items-center gap-2 text-xs text-neutral-600"
        >
          <span className={`relative inline-flex h-4 w-7 items-center rounded-full transition-colors ${createMore ? "bg-brand-500" : "bg-neutral-300"}`}>
            <span className={`size-3 rounded-full bg-surface shadow transition-transform ${createMore ? "translate-x-3.5" : "translate-x-0.5"}`} />
          </span>
          Create more
        </button>
      ) : null}
      <DialogActions
        label={editing ? "Update Issue" : "Create Issue"}
        busyLabel={editing ? "Updating..." : "Creating..."}
        busy={submitting}
        size="sm"
        cancelLabel="Discard"
        className="ml-auto flex gap-2"
      />
    </div>
  );
}
