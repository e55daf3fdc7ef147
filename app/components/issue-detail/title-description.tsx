// The issue's name and description on its page: the name is edited in
// place (ignored when empty or over 255 characters, with a live n/255 counter); the description
// is a ProseMirror editor saved shortly after typing stops, and the browser warns before leaving
// while an edit is not saved yet.
import { useEffect, useRef, useState } from "react";
import { ISSUE_TITLE_MAX } from "../../../workers/domain/schemas/issues";
import { AiAssistantButton, textOfHtml } from "../ai/ai-assistant";
import { EMPTY_HTML, RichText, type RichTextHandle, type RichTextValue, editorSuggestions } from "../editor";
import { useToldImageUpload } from "../editor/upload";
import { useServiceFeatures } from "../workspace-context";
import { useIssueAction, useIssuePage } from "./page-context";

export function IssueTitle() {
  const { data, canEdit } = useIssuePage();
  const issue = data.issue;
  const action = useIssueAction();
  const [value, setValue] = useState(issue.name);
  const [focused, setFocused] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);

  // Someone else's rename (live board) shows unless this person is typing.
  useEffect(() => {
    if (!focused && !action.pending) setValue(issue.name);
  }, [issue.name, focused, action.pending]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text.
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.style.height = "auto";
    element.style.height = `${element.scrollHeight}px`;
  }, [value]);

  function save() {
    const next = value.trim();
    // Ignored when empty or longer than 255 characters.
    if (next.length === 0 || next.length > ISSUE_TITLE_MAX || next === issue.name) return;
    action.submit({ intent: "update", patch: { name: next } });
  }

  if (!canEdit) return <h1 className="text-2xl font-semibold break-words text-neutral-900">{issue.name}</h1>;

  const tooLong = value.length > ISSUE_TITLE_MAX;
  return (
    <div className="relative">
      <label htmlFor="issue-title" className="sr-only">
        Issue title
      </label>
      <textarea
        id="issue-title"
        ref={ref}
        rows={1}
        value={value}
        onChange={(event) => setValue(event.target.value.replace(/\n/g, " "))}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          save();
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            event.currentTarget.blur();
          }
          if (event.key === "Escape") {
            setValue(issue.name);
            event.currentTarget.blur();
          }
        }}
        placeholder="Issue title"
        aria-invalid={tooLong || value.trim() === "" ? true : undefined}
        className="-mx-2 w-[calc(100%+1rem)] resize-none overflow-hidden rounded-md border border-transparent bg-transparent px-2 py-1 text-2xl font-semibold text-neutral-900 outline-none hover:border-neutral-200 focus:border-neutral-300"
      />
      {focused || tooLong ? (
        <p className={`mt-0.5 text-right text-xs ${tooLong ? "text-red-600 dark:text-red-400" : "text-neutral-400"}`} aria-live="polite">
          {value.length}/{ISSUE_TITLE_MAX}
        </p>
      ) : null}
    </div>
  );
}

type SaveStatus = "saved" | "unsaved" | "saving";
const AUTOSAVE_MS = 1200;

export function IssueDescription() {
  const { data, canEdit, slug, projectId, identifier } = useIssuePage();
  const issue = data.issue;
  const uploadImage = useToldImageUpload(slug);
  const ai = useServiceFeatures().ai;
  const editor = useRef<RichTextHandle | null>(null);
  const [status, setStatus] = useState<SaveStatus>("saved");
  const [savedOnce, setSavedOnce] = useState(false);
  const queued = useRef<RichTextValue | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const inFlight = useRef<RichTextValue | null>(null);
  // One save at a time, in the order of the edits: a second request sent while one is in flight
  // could reach the database first and then be overwritten by the older text.
  const action = useIssueAction((answer) => {
    const sent = inFlight.current;
    inFlight.current = null;
    if (answer.ok) {
      setSavedOnce(true);
      // What was typed while this save was on its way goes next.
      if (queued.current) flushRef.current();
      else setStatus("saved");
      return;
    }
    // A failed save is only logged; the edit stays queued for the next try.
    queued.current ??= sent;
    setStatus("unsaved");
  });

  function flush() {
    clearTimeout(timer.current);
    if (inFlight.current) return;
    const value = queued.current;
    if (!value) return;
    queued.current = null;
    inFlight.current = value;
    setStatus("saving");
    action.submit({
      intent: "update",
      patch: { description: value.json, description_html: value.empty ? EMPTY_HTML : value.html },
    });
  }
  const flushRef = useRef(flush);
  flushRef.current = flush;

  // Leaving with an edit not saved yet asks the browser to warn.
  useEffect(() => {
    if (status === "saved") return;
    const warn = (event: BeforeUnloadEvent) => {
      // Start saving now: if the person stays, the edit is saved without waiting for the timer.
      flushRef.current();
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [status]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <div className="relative mt-3">
      <RichText
        key={issue.id}
        ariaLabel="Issue description"
        handleRef={editor}
        initialHtml={issue.description_html}
        editable={canEdit}
        placeholder={canEdit ? "Add a description..." : "No description"}
        onChange={(value) => {
          queued.current = value;
          setStatus("unsaved");
          clearTimeout(timer.current);
          timer.current = setTimeout(() => flushRef.current(), AUTOSAVE_MS);
        }}
        onBlur={() => flushRef.current()}
        {...editorSuggestions(data.members, data.labels)}
        issueSearch={{ workspaceSlug: slug, projectId, identifier }}
        uploadImage={uploadImage}
        toolbar="focus"
        contentClassName="min-h-24 py-1"
      />
      {canEdit ? (
        <div className="mt-1 flex min-h-4 items-center justify-end gap-2">
          <p className="text-right text-xs text-neutral-400" aria-live="polite" data-testid="description-status">
            {status === "saving" ? "Saving..." : status === "unsaved" ? "Unsaved changes" : savedOnce ? "Saved" : ""}
          </p>
          {ai ? (
            <AiAssistantButton
              slug={slug}
              projectId={projectId}
              prompt={() => textOfHtml(editor.current?.value().html ?? "")}
              onUse={(html) => editor.current?.insertHtml(html, "selection")}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
