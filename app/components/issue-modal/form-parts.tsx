// The issue form's parts beside what a person sees: the hidden inputs that carry the picked
// properties and the description into the form's post, and the footer (create more, the buttons).
import type { RichTextValue } from "../editor";
import { DialogActions } from "../dialog";
import type { IssueFormValues } from "./form-values";

/** `description`: the description to send, or null to leave it out (an untouched edit, an empty create). */
export function HiddenIssueFields({ editingId, values, description }: { editingId: string | null; values: IssueFormValues; description: RichTextValue | null }) {
  return (
    <>
      <input type="hidden" name="intent" value={editingId ? "update-issue" : "create-issue"} />
      {editingId ? <input type="hidden" name="issue_id" value={editingId} /> : null}
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
