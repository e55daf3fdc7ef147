// The create/update issue modal: max width 2xl, every field of the issue payload, the
// "Did you mean ...?" hint for titles similar to an existing issue's (above 0.7), and a
// create-more toggle that keeps the modal open and clears it after each issue. Validated in the
// browser with CreateIssueInput, the schema the shell's action and the domain parse too.
import { type SubmissionResult, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Dialog } from "@ark-ui/react/dialog";
import { Link, useFetcher, useNavigate } from "@remix-run/react";
import { useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { ISSUE_TITLE_MAX } from "../../../workers/domain/schemas/issues";
import { projectPath } from "~/lib/paths";
import { findSimilar } from "~/lib/similarity";
import { RichText, type RichTextHandle, type RichTextValue, preloadEditor } from "../editor";
import { uploadEditorImage } from "../editor/upload";
import { DialogActions, DialogShell } from "../dialog";
import { IconCalendar, IconX } from "../icons";
import { PRIORITY_LABELS, type Priority, PriorityIcon, StateGroupIcon } from "../issue-icons";
import { issueKey, estimateLabel } from "../issue-detail/format";
import { IconCycleSmall, IconEstimate, IconLabel, IconModuleSmall, IconParent, IconUser } from "../issue-detail/icons";
import { LabelDot, cycleOptions, estimateOptions, labelOptions, memberOptions, moduleOptions, priorityOptions, stateOptions } from "../issue-detail/options";
import { NONE, ParentIssueDialog, Picker } from "../issue-detail/pickers";
import { type IssueOption, useProjectResource } from "../issue-detail/project-data";
import { AiAssistantButton, AiDescriptionButton, textOfHtml } from "../ai/ai-assistant";
import { useServiceFeatures } from "../workspace-context";
import { useToast } from "../toast";
import { FieldError, FormError, truncate } from "../ui";
import type { IssueFormDefaults, IssueModalOpenOptions, IssueModalProject } from "./context";
import { parseIssueForm } from "./form-schema";

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

const pill =
  "inline-flex h-7 max-w-48 items-center gap-1.5 rounded-md border border-neutral-200 bg-surface px-2 text-xs text-neutral-700 hover:bg-neutral-50 disabled:cursor-not-allowed disabled:opacity-60";

interface FormState {
  state: string | null;
  priority: Priority;
  assignees: string[];
  labels: string[];
  start_date: string;
  target_date: string;
  estimate: number | null;
  parent: string | null;
  cycle: string | null;
  module: string | null;
}

function initialState(defaults: IssueFormDefaults): FormState {
  return {
    state: defaults.state ?? null,
    priority: defaults.priority ?? "none",
    assignees: defaults.assignees_list ?? [],
    labels: defaults.labels_list ?? [],
    start_date: defaults.start_date ?? "",
    target_date: defaults.target_date ?? "",
    estimate: defaults.estimate_point ?? null,
    parent: defaults.parent ?? null,
    cycle: defaults.cycle ?? null,
    module: defaults.module ?? null,
  };
}

function IssueForm({
  slug,
  project,
  options,
  fetcher,
  formKey,
  createMore,
  setCreateMore,
  onClose,
}: {
  slug: string;
  project: IssueModalProject;
  options: IssueModalOpenOptions;
  fetcher: ReturnType<typeof useFetcher<ActionData>>;
  formKey: number;
  createMore: boolean;
  setCreateMore(value: boolean): void;
  onClose(): void;
}) {
  const editing = options.issue ?? null;
  const defaults = editing ?? options.defaults ?? {};
  const navigate = useNavigate();
  const [values, setValues] = useState<FormState>(() => initialState(defaults));
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setValues((current) => ({ ...current, [key]: value }));
  const [title, setTitle] = useState(defaults.name ?? "");
  const [description, setDescription] = useState<RichTextValue | null>(null);
  const [dismissedSimilar, setDismissedSimilar] = useState<string | null>(null);
  const [parentOpen, setParentOpen] = useState(false);
  const editorRef = useRef<RichTextHandle | null>(null);
  const ai = useServiceFeatures().ai;

  const states = useProjectResource(slug, project.id, "states", true);
  const labels = useProjectResource(slug, project.id, "labels", true);
  const members = useProjectResource(slug, project.id, "members", true);
  const issues = useProjectResource(slug, project.id, "issues", true);
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
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { name: defaults.name ?? "" },
  });
  const submitting = fetcher.state !== "idle";

  // "Did you mean ...?": the closest existing title above the threshold (not the issue itself).
  const deferredTitle = useDeferredValue(title);
  const candidates = useMemo(() => (issues.data ?? []).filter((issue) => issue.id !== editing?.id), [issues.data, editing?.id]);
  const similar = useMemo(() => findSimilar(deferredTitle, candidates), [deferredTitle, candidates]);
  const showSimilar = similar && similar.id !== dismissedSimilar && !editing;

  const stateList = states.data ?? [];
  const currentState = stateList.find((state) => state.id === values.state) ?? stateList.find((state) => state.default) ?? null;
  const parentIssue = values.parent ? (issues.data?.find((issue) => issue.id === values.parent) ?? null) : null;
  const memberList = members.data ?? [];
  const labelList = labels.data ?? [];
  const selectedLabels = labelList.filter((label) => values.labels.includes(label.id));
  const assigneeNames = memberList.filter((member) => values.assignees.includes(member.id)).map((member) => member.name);
  const childIds = useMemo(
    () => new Set((issues.data ?? []).filter((issue) => editing && issue.parent === editing.id).map((issue) => issue.id)),
    [issues.data, editing],
  );
  const parentCandidates = (issues.data ?? []).filter((issue) => issue.id !== editing?.id && !childIds.has(issue.id));
  const includeDescription = editing ? description !== null : description !== null && !description.empty;

  return (
    <fetcher.Form method="post" action={projectPath(slug, project.id)} {...getFormProps(form)} className="flex flex-col">
      <input type="hidden" name="intent" value={editing ? "update-issue" : "create-issue"} />
      {editing ? <input type="hidden" name="issue_id" value={editing.id} /> : null}
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
      {includeDescription && description ? (
        <>
          <input type="hidden" name="description_html" value={description.empty ? "<p></p>" : description.html} />
          <input type="hidden" name="description_json" value={JSON.stringify(description.json)} />
        </>
      ) : null}

      <div className="flex items-center gap-2 px-5 pt-4">
        <span className="rounded-md bg-neutral-100 px-2 py-0.5 font-mono text-xs font-medium text-neutral-600">{project.identifier}</span>
        <Dialog.Title className="text-base font-semibold text-neutral-900">
          {editing ? `Update Issue ${issueKey(project.identifier, editing.sequence_id)}` : "Create Issue"}
        </Dialog.Title>
        <Dialog.CloseTrigger type="button" className="ml-auto rounded p-1 text-neutral-400 hover:bg-neutral-100" aria-label="Close">
          <IconX size={16} />
        </Dialog.CloseTrigger>
      </div>

      <div className="space-y-3 px-5 pt-3">
        <FormError errors={form.errors} />
        {parentIssue ? (
          <div className="flex w-fit items-center gap-1.5 rounded-md border border-neutral-200 px-2 py-1 text-xs text-neutral-600">
            <IconParent size={12} />
            <span className="font-mono text-neutral-400">{issueKey(project.identifier, parentIssue.sequence_id)}</span>
            <span className="max-w-60 truncate">{parentIssue.name}</span>
            <button type="button" aria-label="Remove parent" className="text-neutral-400 hover:text-neutral-700" onClick={() => set("parent", null)}>
              <IconX size={12} />
            </button>
          </div>
        ) : null}
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
            initialHtml={editing?.description_html ?? ""}
            placeholder="Click to add description"
            onChange={setDescription}
            handleRef={editorRef}
            mentions={memberList.map((member) => ({ id: member.id, label: member.first_name || member.name, detail: member.email }))}
            tags={labelList.map((label) => ({ id: label.id, label: label.name, color: label.color }))}
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

      <div className="flex flex-wrap items-center gap-1.5 px-5 pt-3 pb-4">
        <Picker
          label="State"
          options={stateOptions(stateList)}
          value={currentState ? [currentState.id] : []}
          onChange={(value) => set("state", value[0] ?? null)}
          triggerClassName={pill}
          loading={states.loading}
        >
          {currentState ? <StateGroupIcon group={currentState.group} color={currentState.color} /> : null}
          <span className="truncate">{currentState?.name ?? "State"}</span>
        </Picker>
        <Picker
          label="Priority"
          options={priorityOptions}
          value={[values.priority]}
          onChange={(value) => set("priority", (value[0] as Priority) ?? "none")}
          triggerClassName={pill}
        >
          <PriorityIcon priority={values.priority} />
          <span>{values.priority === "none" ? "Priority" : PRIORITY_LABELS[values.priority]}</span>
        </Picker>
        <Picker
          label="Assignees"
          multiple
          options={memberOptions(memberList)}
          value={values.assignees}
          onChange={(value) => set("assignees", value)}
          triggerClassName={pill}
          loading={members.loading}
        >
          <IconUser size={12} />
          <span className="truncate">{assigneeNames.length ? assigneeNames.slice(0, 3).join(", ") : "Assignees"}</span>
          {assigneeNames.length > 3 ? <span className="text-neutral-400">+{assigneeNames.length - 3}</span> : null}
        </Picker>
        <Picker
          label="Labels"
          multiple
          options={labelOptions(labelList)}
          value={values.labels}
          onChange={(value) => set("labels", value)}
          triggerClassName={pill}
          loading={labels.loading}
          emptyText="No labels found"
        >
          {selectedLabels.length ? (
            <>
              {selectedLabels.slice(0, 3).map((label) => (
                <LabelDot key={label.id} color={label.color} />
              ))}
              <span className="truncate">{selectedLabels.length === 1 ? selectedLabels[0].name : `${selectedLabels.length} labels`}</span>
            </>
          ) : (
            <>
              <IconLabel size={12} />
              <span>Labels</span>
            </>
          )}
        </Picker>
        <DatePill label="Start date" name="start_date" value={values.start_date} onChange={(value) => set("start_date", value)} />
        <DatePill label="Due date" name="target_date" value={values.target_date} onChange={(value) => set("target_date", value)} />
        <Picker
          label="Estimate"
          options={estimateOptions(points)}
          value={[values.estimate === null ? NONE : String(values.estimate)]}
          onChange={(value) => set("estimate", !value[0] || value[0] === NONE ? null : Number(value[0]))}
          triggerClassName={pill}
        >
          <IconEstimate size={12} />
          <span>{estimateLabel(values.estimate, points) ?? "Estimate"}</span>
        </Picker>
        <button type="button" className={pill} onClick={() => setParentOpen(true)}>
          <IconParent size={12} />
          <span className="truncate">{parentIssue ? issueKey(project.identifier, parentIssue.sequence_id) : "Add parent"}</span>
        </button>
        <Picker
          label="Cycle"
          options={cycleOptions(cycles.data ?? [])}
          value={[values.cycle ?? NONE]}
          onChange={(value) => set("cycle", !value[0] || value[0] === NONE ? null : value[0])}
          triggerClassName={pill}
          loading={cycles.loading}
          onOpenChange={setCyclesOpen}
        >
          <IconCycleSmall size={12} />
          <span className="truncate">{cycles.data?.find((cycle) => cycle.id === values.cycle)?.name ?? "Cycle"}</span>
        </Picker>
        <Picker
          label="Module"
          options={moduleOptions(modules.data ?? [])}
          value={[values.module ?? NONE]}
          onChange={(value) => set("module", !value[0] || value[0] === NONE ? null : value[0])}
          triggerClassName={pill}
          loading={modules.loading}
          onOpenChange={setModulesOpen}
        >
          <IconModuleSmall size={12} />
          <span className="truncate">{modules.data?.find((module) => module.id === values.module)?.name ?? "Module"}</span>
        </Picker>
      </div>

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
      <ParentIssueDialog
        open={parentOpen}
        onOpenChange={setParentOpen}
        issues={parentCandidates}
        loading={issues.loading}
        identifier={project.identifier}
        onSelect={(id) => set("parent", id ?? null)}
      />
    </fetcher.Form>
  );
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

function DatePill({ label, name, value, onChange }: { label: string; name: string; value: string; onChange(value: string): void }) {
  return (
    <label className={`${pill} cursor-pointer`}>
      <IconCalendar size={12} />
      <span className="text-neutral-500">{label}</span>
      <input
        type="date"
        name={name}
        value={value}
        aria-label={label}
        onChange={(event) => onChange(event.target.value)}
        className={`w-[6.9rem] bg-transparent text-xs outline-none ${value ? "text-neutral-800" : "text-neutral-400"}`}
      />
    </label>
  );
}

export default function IssueModal({
  slug,
  project,
  options,
  onClose,
}: {
  slug: string;
  project: IssueModalProject;
  options: IssueModalOpenOptions | null;
  onClose(): void;
}) {
  const fetcher = useFetcher<ActionData>();
  const toast = useToast();
  const [createMore, setCreateMore] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const latest = useRef({ options, createMore, onClose });
  latest.current = { options, createMore, onClose };
  const handled = useRef<unknown>(null);
  preloadEditor();

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    const { options: current, createMore: more, onClose: close } = latest.current;
    const updating = answer.intent === "update-issue";
    if (answer.ok && answer.issue) {
      toast.show({ type: "success", title: "Success!", message: updating ? ISSUE_UPDATED : ISSUE_CREATED });
      current?.onSaved?.(answer.issue);
      if (!updating && more) setFormKey((key) => key + 1);
      else close();
    } else if ((answer.status ?? 500) >= 400) {
      toast.show({ type: "error", title: "Error!", message: updating || current?.issue ? ISSUE_UPDATE_FAILED : ISSUE_CREATE_FAILED });
    }
  }, [fetcher.state, fetcher.data, toast]);

  return (
    <DialogShell open={options !== null} onOpenChange={(open) => (open ? undefined : onClose())} width="max-w-2xl" offset="sm:pt-[10vh]" blur>
      {options ? (
        <IssueForm
          key={formKey}
          slug={slug}
          project={project}
          options={options}
          fetcher={fetcher}
          formKey={formKey}
          createMore={createMore}
          setCreateMore={setCreateMore}
          onClose={onClose}
        />
      ) : null}
    </DialogShell>
  );
}

export { ISSUE_TITLE_MAX };
