// The issue's activity feed merged with its comments by time: every activity kind is
// told as a sentence ("Ada changed the state to In Progress"), comments show their sanitised HTML,
// and only a comment's author may edit (edit, save, cancel) or delete it. A comment is posted only
// when both its JSON and its HTML have content.
import { type ReactNode, useRef, useState } from "react";
import { StaticRichText, RichText, type RichTextHandle, type RichTextValue, editorSuggestions } from "../editor";
import { uploadEditorImage } from "../editor/upload";
import { IconDots } from "../icons";
import { PRIORITY_LABELS, type Priority } from "../issue-icons";
import { canDeleteComment, canEditComment } from "../../../workers/domain/schemas/comment-access";
import { formatDate } from "../../../workers/domain/schemas/dates";
import { Menu, Spinner, buttonClass, menuDangerItemClass } from "../ui";
import { Avatar, TimeAgo, estimateLabel } from "./format";
import { IconActivity, IconMessage } from "./icons";
import { type HistoryEntry, useIssueAction, useIssuePage } from "./page-context";
import { ConfirmDialog } from "../dialog";

export const COMMENT_POST_FAILED = "Comment could not be posted. Please try again.";

type ActivityEntry = Extract<HistoryEntry, { type: "activity" }>;
type CommentEntry = Extract<HistoryEntry, { type: "comment" }>;

export interface ActivityLookups {
  stateName(id: string | null): string | undefined;
  memberName(id: string | null): string | undefined;
  labelName(id: string | null): string | undefined;
  points: { key: number; value: string }[] | null;
}

const actorName = (entry: { actor_detail: HistoryEntry["actor_detail"] }) =>
  entry.actor_detail ? entry.actor_detail.first_name || entry.actor_detail.display_name || entry.actor_detail.email : "Someone";

/** The sentence an activity row tells, without the actor ("changed the state to In Progress"). */
export function describeActivity(entry: ActivityEntry, lookups: ActivityLookups): string {
  const added = entry.new_value !== null || (entry.new_identifier !== null && entry.old_identifier === null);
  const value = entry.new_value ?? "";
  switch (entry.field) {
    case "issue":
      return entry.verb === "deleted" ? "deleted the issue" : "created the issue";
    case "name":
      return `set the name to ${value}`;
    case "description":
      return "updated the description";
    case "state":
      return `changed the state to ${lookups.stateName(entry.new_identifier) ?? value}`;
    case "priority":
      return `set the priority to ${PRIORITY_LABELS[value as Priority] ?? value}`;
    case "assignees":
      return entry.new_value !== null
        ? `added assignee ${lookups.memberName(entry.new_identifier) ?? value}`
        : `removed assignee ${lookups.memberName(entry.old_identifier) ?? entry.old_value ?? ""}`;
    case "labels":
      return entry.new_value !== null
        ? `added label ${lookups.labelName(entry.new_identifier) ?? value}`
        : `removed label ${lookups.labelName(entry.old_identifier) ?? entry.old_value ?? ""}`;
    case "parent":
      return entry.new_value !== null ? `set the parent to ${value}` : `removed the parent ${entry.old_value ?? ""}`.trim();
    case "sub_issue":
      return entry.new_value !== null ? `added the sub-issue ${value}` : `removed the sub-issue ${entry.old_value ?? ""}`.trim();
    case "estimate_point":
      return entry.new_value !== null
        ? `set the estimate point to ${estimateLabel(Number(value), lookups.points)}`
        : "removed the estimate point";
    case "start_date":
      return entry.new_value ? `set the start date to ${formatDate(value)}` : "removed the start date";
    case "target_date":
      return entry.new_value ? `set the due date to ${formatDate(value)}` : "removed the due date";
    case "blocking":
      return entry.new_value !== null ? `marked this issue as blocked by ${value}` : `removed the blocker ${entry.old_value ?? ""}`.trim();
    case "blocks":
      return entry.new_value !== null ? `marked this issue as blocking ${value}` : `removed the blocked issue ${entry.old_value ?? ""}`.trim();
    case "cycles":
      return entry.new_identifier ? `added this issue to the cycle ${value}` : "removed this issue from the cycle";
    case "modules":
      return entry.new_identifier ? `added this issue to the module ${value}` : "removed this issue from the module";
    case "link":
      if (entry.verb === "deleted") return `removed the link ${entry.old_value ?? ""}`.trim();
      return entry.verb === "updated" ? `updated the link ${value}` : `added the link ${value}`;
    case "attachment":
      return entry.verb === "deleted" ? `deleted the attachment ${entry.old_value ?? ""}`.trim() : `uploaded the attachment ${value}`;
    case "comment":
      return entry.verb === "deleted" ? "deleted a comment" : entry.verb === "updated" ? "edited a comment" : "added a comment";
    default:
      return entry.comment || (added ? `updated the ${entry.field}` : `removed the ${entry.field}`);
  }
}

function ActivityLine({ entry, lookups }: { entry: ActivityEntry; lookups: ActivityLookups }) {
  return (
    <li className="relative flex items-start gap-3 py-1.5 pl-0.5 text-sm">
      <span className="z-10 mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-surface text-neutral-400 ring-4 ring-surface">
        <IconActivity size={13} />
      </span>
      <p className="min-w-0 flex-1 text-neutral-500" data-testid="activity-line">
        <span className="font-medium text-neutral-800">{actorName(entry)}</span> {describeActivity(entry, lookups)}
        <span className="text-neutral-400">
          {" · "}
          <TimeAgo iso={entry.created_at} />
        </span>
      </p>
    </li>
  );
}

/** A comment as the feed shows it: the author's avatar and name, when, its menu and its body. */
function CommentFrame({ name, when, menu, busy, children }: { name: string; when: ReactNode; menu?: ReactNode; busy?: boolean; children: ReactNode }) {
  return (
    <article aria-label={`Comment by ${name}`} aria-busy={busy || undefined} className="flex items-start gap-3 aria-busy:opacity-60">
      <span className="z-10 ring-4 ring-surface rounded-full">
        <Avatar name={name} />
      </span>
      <div className="min-w-0 flex-1 rounded-lg border border-neutral-200 bg-surface">
        <header className="flex items-center gap-2 border-b border-neutral-100 px-3 py-1.5 text-xs">
          <span className="font-medium text-neutral-800">{name}</span>
          <span className="text-neutral-400">{when}</span>
          {menu}
        </header>
        <div className="px-3 py-2">{children}</div>
      </div>
    </article>
  );
}

function CommentCard({ entry }: { entry: CommentEntry }) {
  const { data, role, slug, projectId, identifier } = useIssuePage();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [draft, setDraft] = useState<RichTextValue | null>(null);
  const save = useIssueAction((answer) => {
    if (answer.ok) setEditing(false);
  });
  const remove = useIssueAction();
  const actor = { role, isAuthor: entry.actor === data.viewer.id };
  const name = actorName(entry);
  const edited = entry.updated_at && entry.updated_at !== entry.created_at;
  const pendingHtml = save.pendingBody?.intent === "update-comment" ? save.pendingBody.comment_html : null;
  if (remove.pendingBody?.intent === "delete-comment") return null;
  // Save, or Ctrl/Cmd+Enter in the editor: an untouched comment just closes; an emptied one stays.
  const saveEdit = () => {
    if (save.pending) return;
    if (!draft) {
      setEditing(false);
      return;
    }
    if (draft.empty || !draft.html) return;
    save.submit({ intent: "update-comment", comment_id: entry.id, comment_json: draft.json, comment_html: draft.html });
  };

  return (
    <li className="relative py-2">
      <CommentFrame
        name={name}
        when={
          <>
            commented <TimeAgo iso={entry.created_at} />
            {edited ? " (edited)" : ""}
          </>
        }
        menu={
            (canEditComment(actor) || canDeleteComment(actor)) && !editing ? (
              <Menu
                rootProps={{ positioning: { placement: "bottom-end" } }}
                triggerProps={{ className: "ml-auto rounded p-0.5 text-neutral-400 hover:bg-neutral-100 hover:text-neutral-700", "aria-label": "Comment actions" }}
                trigger={<IconDots size={14} />}
                contentClassName="z-[60] w-32"
                portal={false}
              >
                {(Menu) => (
                  <>
                    {canEditComment(actor) ? (
                      <Menu.Item value="edit" onSelect={() => setEditing(true)} className="cursor-pointer rounded-md px-2 py-1.5 text-sm data-[highlighted]:bg-neutral-100">
                        Edit
                      </Menu.Item>
                    ) : null}
                    {canDeleteComment(actor) ? (
                      <Menu.Item value="delete" onSelect={() => setConfirmDelete(true)} className={menuDangerItemClass}>
                        Delete
                      </Menu.Item>
                    ) : null}
                  </>
                )}
              </Menu>
            ) : null
        }
      >
            {editing ? (
              <>
                <RichText
                  ariaLabel="Edit comment"
                  initialHtml={entry.comment_html}
                  onChange={setDraft}
                  onSubmit={saveEdit}
                  toolbar="always"
                  autoFocus
                  {...editorSuggestions(data.members, data.labels)}
                  issueSearch={{ workspaceSlug: slug, projectId, identifier }}
                  uploadImage={(file) => uploadEditorImage(slug, file)}
                  contentClassName="min-h-12"
                />
                <div className="mt-2 flex justify-end gap-2">
                  <button type="button" className={buttonClass("secondary", "sm")} onClick={() => setEditing(false)}>
                    Cancel
                  </button>
                  <button
                    type="button"
                    className={buttonClass("primary", "sm")}
                    disabled={save.pending || draft?.empty === true}
                    onClick={saveEdit}
                  >
                    {save.pending ? <Spinner className="size-3.5" /> : null}
                    Save
                  </button>
                </div>
              </>
            ) : pendingHtml ? (
              <StaticRichText html={pendingHtml} />
            ) : (
              <StaticRichText html={entry.comment_html} />
            )}
      </CommentFrame>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete comment"
        description="Are you sure you want to delete this comment? This action cannot be undone."
        confirmLabel="Delete"
        onConfirm={() => {
          setConfirmDelete(false);
          remove.submit({ intent: "delete-comment", comment_id: entry.id });
        }}
      />
    </li>
  );
}

function CommentComposer() {
  const { data, slug, projectId, identifier } = useIssuePage();
  const editor = useRef<RichTextHandle | null>(null);
  const [value, setValue] = useState<RichTextValue | null>(null);
  // The comment sent: shown in the feed at once, and put back in the box if it is refused.
  const sent = useRef<RichTextValue | null>(null);
  const post = useIssueAction(
    (answer) => {
      const refused = sent.current;
      sent.current = null;
      if (!answer.ok && refused && editor.current?.value().empty) editor.current.insertHtml(refused.html, "document");
    },
    { message: COMMENT_POST_FAILED },
  );
  const empty = !value || value.empty || !value.html || Object.keys(value.json).length === 0;
  const myName = data.members.find((member) => member.id === data.viewer.id)?.name ?? "?";
  const posting = post.pendingBody?.intent === "add-comment" ? post.pendingBody.comment_html : null;

  function submit() {
    const current = editor.current?.value() ?? value;
    // Posted only when both the JSON and the HTML have content; one at a time.
    if (post.pending || !current || current.empty || !current.html || Object.keys(current.json).length === 0) return;
    sent.current = current;
    post.submit({ intent: "add-comment", comment_json: current.json, comment_html: current.html });
    editor.current?.clear();
  }

  return (
    <>
    {posting ? (
      <div className="py-2">
        <CommentFrame name={myName} when="commenting…" busy>
          <StaticRichText html={posting} />
        </CommentFrame>
      </div>
    ) : null}
    <div className="mt-4 flex items-start gap-3">
      <Avatar name={myName} size="md" />
      <div className="min-w-0 flex-1 rounded-lg border border-neutral-200 bg-surface px-3 py-2 focus-within:border-brand-400">
        <RichText
          ariaLabel="Add comment"
          placeholder="Add comment..."
          onChange={setValue}
          onSubmit={submit}
          handleRef={editor}
          toolbar="always"
          {...editorSuggestions(data.members, data.labels)}
          issueSearch={{ workspaceSlug: slug, projectId, identifier }}
          uploadImage={(file) => uploadEditorImage(slug, file)}
          contentClassName="min-h-14"
        />
        <div className="mt-1 flex justify-end">
          <button type="button" className={buttonClass("primary", "sm")} disabled={empty || post.pending} onClick={submit}>
            {post.pending ? <Spinner className="size-3.5" /> : null}
            Comment
          </button>
        </div>
      </div>
    </div>
    </>
  );
}

export function ActivityFeed() {
  const { data, canEdit, points } = useIssuePage();
  const states = new Map(data.states.map((state) => [state.id, state.name]));
  const members = new Map(data.members.map((member) => [member.id, member.first_name || member.name]));
  const labels = new Map(data.labels.map((label) => [label.id, label.name]));
  const lookups: ActivityLookups = {
    stateName: (id) => (id ? states.get(id) : undefined),
    memberName: (id) => (id ? members.get(id) : undefined),
    labelName: (id) => (id ? labels.get(id) : undefined),
    points,
  };
  // A comment shows as itself; its "added"/"edited" activity rows would repeat it.
  const entries = data.activity.filter((entry) => !(entry.type === "activity" && entry.field === "comment" && entry.verb !== "deleted"));
  return (
    <section aria-labelledby="activity-heading" className="mt-10 border-t border-neutral-200 pt-6">
      <h2 id="activity-heading" className="flex items-center gap-2 text-sm font-semibold text-neutral-800">
        <IconMessage size={15} className="text-neutral-400" /> Activity
      </h2>
      <ul aria-label="Activity" className="relative mt-3 before:absolute before:top-2 before:bottom-2 before:left-[11px] before:w-px before:bg-neutral-200">
        {entries.map((entry) =>
          entry.type === "activity" ? <ActivityLine key={entry.id} entry={entry} lookups={lookups} /> : <CommentCard key={entry.id} entry={entry} />,
        )}
      </ul>
      {canEdit ? <CommentComposer /> : null}
    </section>
  );
}
