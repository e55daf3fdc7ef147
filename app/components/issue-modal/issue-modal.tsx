// The create/update issue modal: max width 2xl, every field of the issue payload, the
// "Did you mean ...?" hint for titles similar to an existing issue's (above 0.7). A new issue
// is shown in the views the moment it is sent (pending-issues.tsx) and the modal closes then, or
// with the create-more toggle stays open, cleared for the next one.
// Ctrl/Cmd+Enter sends it from any field. Validated in the browser with CreateIssueInput, the
// schema the shell's action and the domain parse too.
import { type SubmissionResult, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Link, useFetcher, useNavigate } from "@remix-run/react";
import { useDeferredValue, useMemo, useRef, useState } from "react";
import type { ActionOptions } from "~/hooks/use-action";
import { ISSUE_TITLE_MAX } from "../../../workers/domain/schemas/issues";
import { projectPath } from "~/lib/paths";
import { findSimilar } from "~/lib/similarity";
import { RichText, type RichTextHandle, type RichTextValue, editorSuggestions, preloadEditor } from "../editor";
import { uploadEditorImage } from "../editor/upload";
import { DialogShell } from "../dialog";
import { issueKey, } from "../issue-detail/format";
import { ParentIssueDialog, } from "../issue-detail/pickers";
import { type IssueOption, useProjectResource } from "../issue-detail/project-data";
import { AiAssistantButton, AiDescriptionButton, textOfHtml } from "../ai/ai-assistant";
import { useServiceFeatures } from "../workspace-context";
import { failureMessage } from "~/lib/action-answer";
import { useToast } from "../toast";
import { FieldError, FormError, truncate } from "../ui";
import type { IssueModalOpenOptions, IssueModalProject } from "./context";
import { parseIssueForm } from "./form-schema";
import { type IssueFormValues, initialValues } from "./form-values";
import { FormFooter, FormHeader, HiddenIssueFields, ParentChip } from "./form-parts";
import { type IssueDraft, isBlankDraft, useIssueSubmissions } from "./submissions";
import { usePendingIssues } from "./pending-issues";
import { PropertyPills } from "./property-pills";

export const ISSUE_CREATED = "Issue created successfully.";
export const ISSUE_CREATE_FAILED = "Issue could not be created. Please try again.";
export const ISSUE_UPDATED = "Issue updated successfully.";
export const ISSUE_UPDATE_FAILED = "Issue could not be updated. Please try again.";

type ActionData = {
  result?: SubmissionResult<string[]>;
  status?: number;
  ok?: boolean;
  intent?: string;
  issue?: { id: string; sequence_id: number };
};

/**
 * Ctrl/Cmd+Enter sends the form from any of its fields. The description's editor sends on these
 * keys itself and marks them handled.
 */
function sendOnKeys(event: React.KeyboardEvent<HTMLFormElement>) {
  if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey) || event.defaultPrevented) return;
  event.preventDefault();
  event.currentTarget.requestSubmit();
}

function IssueForm({
  slug,
  project,
  options,
  fetcherKey,
  formKey,
  draft,
  holds,
  onSent,
  createMore,
  setCreateMore,
  onClose,
}: {
  slug: string;
  project: IssueModalProject;
  options: IssueModalOpenOptions;
  /** The fetcher this form posts on, its own. */
  fetcherKey: string;
  formKey: number;
  /** What the form held when it was sent and refused: it opens with it again. */
  draft: IssueDraft | null;
  /** Told what the form holds on every render. */
  holds: React.MutableRefObject<IssueDraft | null>;
  /**
   * Called as the form is sent (it passed the browser's checks) with what it held and the state
   * the issue will have (the project's default when none is picked).
   */
  onSent(draft: IssueDraft, state: string | null): void;
  createMore: boolean;
  setCreateMore(value: boolean): void;
  onClose(): void;
}) {
  const editing = options.issue ?? null;
  const defaults = editing ?? options.defaults ?? {};
  const navigate = useNavigate();
  const fetcher = useFetcher<ActionData>({ key: fetcherKey });
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<IssueFormValues>(() => draft?.values ?? initialValues(defaults));
  const set = <K extends keyof IssueFormValues>(key: K, value: IssueFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const [title, setTitle] = useState(draft?.name ?? defaults.name ?? "");
  const [description, setDescription] = useState<RichTextValue | null>(draft?.description ?? null);
  // A new issue's id is made here, so the views can show it before the server answers.
  const [newId] = useState(() => (editing ? null : (draft?.id ?? crypto.randomUUID())));
  holds.current = { id: newId, name: title, values, description };
  const [dismissedSimilar, setDismissedSimilar] = useState<string | null>(null);
  const editorRef = useRef<RichTextHandle | null>(null);
  const ai = useServiceFeatures().ai;

  const states = useProjectResource(slug, project.id, "states", true);
  const labels = useProjectResource(slug, project.id, "labels", true);
  const members = useProjectResource(slug, project.id, "members", true);
  // The project's issues (for the similar-title hint and the parent picker) are read once a
  // title is typed or a parent is in play, not on every opening: a project can hold thousands.
  const [parentOpen, setParentOpen] = useState(false);
  const issues = useProjectResource(slug, project.id, "issues", title.trim() !== "" || parentOpen || Boolean(editing) || Boolean(values.parent));
  const estimates = useProjectResource(slug, project.id, "estimates", Boolean(project.estimate));
  const [cyclesOpen, setCyclesOpen] = useState(false);
  const [modulesOpen, setModulesOpen] = useState(false);
  const cycles = useProjectResource(slug, project.id, "cycles", cyclesOpen || Boolean(values.cycle));
  const modules = useProjectResource(slug, project.id, "modules", modulesOpen || Boolean(values.module));
  const points = project.estimate ? (estimates.data?.find((estimate) => estimate.id === project.estimate)?.points ?? null) : null;

  const serverResult = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.result : undefined;
  const [form, fields] = useForm({
    id: `issue-form-${formKey}`,
    lastResult: serverResult,
    onValidate: ({ formData }) => parseIssueForm(formData),
    onSubmit: () => onSent({ id: newId, name: title, values, description }, values.state ?? states.data?.find((state) => state.default)?.id ?? null),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { name: draft?.name ?? defaults.name ?? "" },
  });
  const submitting = fetcher.state !== "idle";

  // "Did you mean ...?": the closest existing title above the threshold (not the issue itself).
  const deferredTitle = useDeferredValue(title);
  const candidates = useMemo(() => (issues.data ?? []).filter((issue) => issue.id !== editing?.id), [issues.data, editing?.id]);
  const similar = useMemo(() => findSimilar(deferredTitle, candidates), [deferredTitle, candidates]);
  const showSimilar = similar && similar.id !== dismissedSimilar && !editing;

  const { parentIssue, parentCandidates } = useParentChoices(issues.data, editing?.id ?? null, values.parent);
  const memberList = members.data ?? [];
  const labelList = labels.data ?? [];
  const includeDescription = editing ? description !== null : description !== null && !description.empty;

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={projectPath(slug, project.id)}
      {...getFormProps(form)}
      className="flex flex-col"
      onKeyDown={sendOnKeys}
    >
      <HiddenIssueFields editingId={editing?.id ?? null} newId={newId} values={values} description={includeDescription ? description : null} />

      <FormHeader identifier={project.identifier} editing={editing} />

      <div className="space-y-3 px-5 pt-3">
        <FormError errors={form.errors} />
        {parentIssue ? <ParentChip identifier={project.identifier} parent={parentIssue} onRemove={() => set("parent", null)} /> : null}
        <div>
          <label htmlFor={fields.name.id} className="sr-only">
            Title
          </label>
          <input
            {...getInputProps(fields.name, { type: "text" })}
            placeholder="Title"
            autoComplete="off"
            // biome-ignore lint/a11y/noAutofocus: the dialog opens to type a title.
            autoFocus
            // React's autoFocus sets no attribute; the dialog's focus trap looks for this one
            // (without it the trap moves the focus to the first button, the close button).
            data-autofocus
            onInput={(event) => setTitle(event.currentTarget.value)}
            className="w-full border-0 bg-transparent px-0 text-xl font-medium text-neutral-900 outline-none placeholder:text-neutral-400"
          />
          <FieldError id={fields.name.errorId} errors={fields.name.errors} />
          {showSimilar && similar ? (
            <SimilarHint
              issue={similar}
              identifier={project.identifier}
              href={`${projectPath(slug, project.id)}/issues/${similar.id}`}
              onOpen={() => {
                onClose();
                navigate(`${projectPath(slug, project.id)}/issues/${similar.id}`);
              }}
              onDismiss={() => setDismissedSimilar(similar.id)}
            />
          ) : null}
        </div>
        <div className="min-h-28 rounded-md border border-neutral-200 px-3 py-2 focus-within:border-brand-400">
          <RichText
            ariaLabel="Description"
            initialHtml={draft?.description?.html ?? editing?.description_html ?? ""}
            placeholder="Click to add description"
            onChange={setDescription}
            onSubmit={() => formRef.current?.requestSubmit()}
            handleRef={editorRef}
            {...editorSuggestions(memberList, labelList)}
            issueSearch={{ workspaceSlug: slug, projectId: project.id, identifier: project.identifier }}
            uploadImage={(file) => uploadEditorImage(slug, file)}
            toolbar="focus"
            contentClassName="min-h-20"
          />
        </div>
        {ai ? (
          <div className="-mt-1 flex flex-wrap items-center justify-end gap-1">
            {editing ? null : (
              <AiDescriptionButton
                slug={slug}
                projectId={project.id}
                title={title}
                of="issue"
                onGenerated={(html) => editorRef.current?.insertHtml(html, "document")}
              />
            )}
            <AiAssistantButton
              slug={slug}
              projectId={project.id}
              prompt={() => textOfHtml(editorRef.current?.value().html ?? "")}
              onUse={(html) => editorRef.current?.insertHtml(html, "selection")}
            />
          </div>
        ) : null}
      </div>

      <PropertyPills
        identifier={project.identifier}
        values={values}
        set={set}
        states={states}
        labels={labels}
        members={members}
        cycles={cycles}
        modules={modules}
        points={points}
        parentIssue={parentIssue}
        onPickParent={() => setParentOpen(true)}
        onCyclesOpen={setCyclesOpen}
        onModulesOpen={setModulesOpen}
      />

      <FormFooter editing={Boolean(editing)} submitting={submitting} createMore={createMore} setCreateMore={setCreateMore} />
      {/* Mounted while open only: a closed dialog would still run its machine on every opening. */}
      {parentOpen ? (
        <ParentIssueDialog
          open={parentOpen}
          onOpenChange={setParentOpen}
          issues={parentCandidates}
          loading={issues.loading}
          identifier={project.identifier}
          onSelect={(id) => set("parent", id ?? null)}
        />
      ) : null}
    </fetcher.Form>
  );
}

/**
 * The chosen parent and the issues that may become it: not the issue itself, nor one of its own
 * sub-issues (a loop).
 */
function useParentChoices<T extends { id: string; parent?: string | null }>(issues: T[] | undefined, editingId: string | null, parent: string | null | undefined) {
  const parentIssue = parent ? (issues?.find((issue) => issue.id === parent) ?? null) : null;
  const parentCandidates = useMemo(
    () => (issues ?? []).filter((issue) => issue.id !== editingId && !(editingId && issue.parent === editingId)),
    [issues, editingId],
  );
  return { parentIssue, parentCandidates };
}

function SimilarHint({
  issue,
  identifier,
  href,
  onOpen,
  onDismiss,
}: {
  issue: IssueOption;
  identifier: string;
  href: string;
  onOpen(): void;
  onDismiss(): void;
}) {
  return (
    <p role="status" className="mt-1.5 flex flex-wrap items-center gap-1.5 text-sm text-neutral-600">
      <span>Did you mean</span>
      <Link
        to={href}
        onClick={(event) => {
          event.preventDefault();
          onOpen();
        }}
        className="font-medium text-brand-600 dark:text-brand-400 hover:underline"
      >
        {issueKey(identifier, issue.sequence_id)} {truncate(issue.name, 50)}
      </Link>
      <span>?</span>
      <button type="button" onClick={onDismiss} className="rounded px-1.5 py-0.5 text-xs font-medium text-neutral-500 hover:bg-neutral-100">
        No
      </button>
    </p>
  );
}

export default function IssueModal({
  slug,
  project,
  options,
  session,
  onClose,
  onReopen,
}: {
  slug: string;
  project: IssueModalProject;
  options: IssueModalOpenOptions | null;
  /** Counts the openings: each one starts a fresh form. */
  session: number;
  onClose(): void;
  /** Opens the dialog again, as it was, for an issue the server refused after it closed. */
  onReopen(options: IssueModalOpenOptions): void;
}) {
  const toast = useToast();
  const pending = usePendingIssues();
  const [createMore, setCreateMore] = useState(false);
  const holds = useRef<IssueDraft | null>(null);
  const latest = useRef({ options, createMore, onClose });
  latest.current = { options, createMore, onClose };
  // The options each sent form was opened with, to open it again if its issue is refused.
  const sentFrom = useRef(new Map<number, IssueModalOpenOptions>());
  preloadEditor();

  // What to do with the answer to form `key`; `cleared` is set when that form was cleared as it
  // was sent (every new issue is), so the dialog is closed or shows another form by now.
  const answerOf = (key: number, cleared: IssueDraft | null): ActionOptions<ActionData> => ({
    onDone: (answer) => {
      if (!answer.issue) return;
      const { options: current, onClose: close } = latest.current;
      const updating = answer.intent === "update-issue";
      toast.show({ type: "success", title: "Success!", message: updating ? ISSUE_UPDATED : ISSUE_CREATED });
      (cleared ? sentFrom.current.get(key) : current)?.onSaved?.(answer.issue);
      if (!cleared) return close();
      // The server's row, with its number, is in the views by now (the loaders ran again).
      if (cleared.id) pending.drop(cleared.id);
      sentFrom.current.delete(key);
      submissions.forget(key);
    },
    // The form shows its own field messages; any other refusal is told with what was being saved.
    message: (failure) => failureMessage(failure, failure.intent === "update-issue" || latest.current.options?.issue ? ISSUE_UPDATE_FAILED : ISSUE_CREATE_FAILED),
    onError: () => {
      if (!cleared) return;
      if (cleared.id) pending.drop(cleared.id);
      submissions.forget(key);
      const from = sentFrom.current.get(key);
      sentFrom.current.delete(key);
      // The refused issue comes back with the server's messages: in the dialog opened again if it
      // closed, or in the open one unless the next issue is begun there.
      if (latest.current.options === null && from) {
        onReopen(from);
        submissions.showAgain(key, cleared);
      } else if (isBlankDraft(holds.current)) submissions.showAgain(key, cleared);
    },
  });
  const submissions = useIssueSubmissions(answerOf);
  const { shown } = submissions;
  // Each opening starts with an empty form; answers to forms sent before are still read.
  const openedAs = useRef(session);
  if (openedAs.current !== session) {
    openedAs.current = session;
    submissions.showNew();
    setCreateMore(false);
  }

  return (
    <>
      {/* Outside the dialog: an answer still awaited is read after the dialog closes. */}
      {submissions.readers}
      <DialogShell open={options !== null} onOpenChange={(open) => (open ? undefined : onClose())} width="max-w-2xl" offset="sm:pt-[10vh]">
      {options ? (
        <IssueForm
          key={shown.key}
          slug={slug}
          project={project}
          options={options}
          fetcherKey={submissions.fetcherKey(shown.key)}
          formKey={shown.key}
          draft={shown.draft}
          holds={holds}
          onSent={(draft, state) => {
            if (options.issue || !draft.id) return;
            // A new issue shows in the views at once and the form empties: the dialog closes,
            // or with create more stays open for the next one.
            pending.add({ id: draft.id, projectId: project.id, name: draft.name, values: { ...draft.values, state }, sentAt: new Date().toISOString() });
            sentFrom.current.set(shown.key, options);
            submissions.clearSent(shown.key, draft);
            if (!latest.current.createMore) onClose();
          }}
          createMore={createMore}
          setCreateMore={setCreateMore}
          onClose={onClose}
        />
      ) : null}
      </DialogShell>
    </>
  );
}

export { ISSUE_TITLE_MAX };
