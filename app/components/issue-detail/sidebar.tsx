// The issue sidebar: assignees, blocked by, blocking, cycle, module, parent, priority,
// state, estimate, due date, labels and links, plus copy link and delete. Every control is
// disabled (or absent) for guests and viewers. Changes post PATCH-style
// updates to the issue route; the value in flight is shown before the server answers.
import { Link } from "@remix-run/react";
import { useState } from "react";
import { useShortcut } from "~/hooks/use-shortcut";
import { IconCalendar, IconChevronDown, IconPlus, IconTrash, IconX } from "../icons";
import { PRIORITY_LABELS, type Priority, PriorityIcon, StateGroupIcon } from "../issue-icons";
import { QuickLabelForm } from "../labels/quick-label-form";
import { DAY_MS } from "../../../workers/domain/schemas/dates";
import { truncate } from "../ui";
import { Avatar, estimateLabel, issueKey } from "./format";
import {
  IconBlocked,
  IconBlocking,
  IconCopy,
  IconCycleSmall,
  IconEstimate,
  IconLabel,
  IconModuleSmall,
  IconParent,
  IconUser,
} from "./icons";
import { LinksSection } from "./links";
import { IssueSubscribers } from "./subscribers";
import { LabelDot, cycleOptions, estimateOptions, labelOptions, memberOptions, moduleOptions, priorityOptions, stateOptions } from "./options";
import { DeleteIssueDialog, useCopyIssueLink } from "./issue-actions";
import { useIssueAction, useIssuePage, pendingPatchValue } from "./page-context";
import { IssueSearchDialog, NONE, ParentIssueDialog, Picker } from "./pickers";
import { useProjectResource } from "./project-data";

const rowTrigger =
  "flex min-h-8 w-full items-center gap-2 rounded-md px-2 py-1 text-left text-sm text-neutral-800 hover:bg-neutral-100 disabled:cursor-not-allowed disabled:text-neutral-600 disabled:hover:bg-transparent";

function Row({ icon, label, children }: { icon: React.ReactNode; label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-start gap-2">
      <dt className="flex h-8 w-28 shrink-0 items-center gap-2 text-sm text-neutral-500">
        <span className="text-neutral-400">{icon}</span>
        {label}
      </dt>
      <dd className="min-w-0 flex-1">{children}</dd>
    </div>
  );
}

const Placeholder = ({ children }: { children: React.ReactNode }) => <span className="text-neutral-400">{children}</span>;

/** Red when past, orange within 3 days, on UTC days. */
function dueDateTone(date: string | null) {
  if (!date) return "text-neutral-400";
  const due = Date.parse(`${date}T00:00:00Z`);
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (due < today) return "text-red-600 dark:text-red-400";
  if (due - today <= 3 * DAY_MS) return "text-orange-700 dark:text-orange-400";
  return "text-neutral-800";
}

function RelatedChips({
  issues,
  onRemove,
  label,
}: {
  issues: { id: string; name: string; sequence_id: number }[];
  onRemove?: (id: string) => void;
  label: string;
}) {
  const { identifier, issuePath } = useIssuePage();
  return (
    <>
      {issues.map((related) => (
        <span key={related.id} className="inline-flex max-w-full items-center gap-1 rounded-md border border-neutral-200 px-1.5 py-0.5 text-xs">
          <Link to={issuePath(related.id)} className="truncate text-neutral-700 hover:underline" title={related.name}>
            <span className="font-mono text-neutral-400">{issueKey(identifier, related.sequence_id)}</span> {truncate(related.name, 20)}
          </Link>
          {onRemove ? (
            <button
              type="button"
              aria-label={`Remove ${label} ${issueKey(identifier, related.sequence_id)}`}
              onClick={() => onRemove(related.id)}
              className="text-neutral-400 hover:text-neutral-700"
            >
              <IconX size={11} />
            </button>
          ) : null}
        </span>
      ))}
    </>
  );
}

/** Blocked by / blocking: chips plus a picker that leaves out issues already in either list. */
function RelationRow({ kind }: { kind: "blockers" | "blocking" }) {
  const { data, slug, projectId, identifier, canEdit } = useIssuePage();
  const issue = data.issue;
  const [open, setOpen] = useState(false);
  const action = useIssueAction();
  const field = kind === "blockers" ? "blockers_list" : "blocks_list";
  const list = pendingPatchValue<string[]>(action.pendingBody, field) ?? issue[field];
  const related = (kind === "blockers" ? issue.blocker_issues : issue.blocked_issues).filter((item) => list.includes(item.id));
  const issues = useProjectResource(slug, projectId, "issues", open);
  const taken = new Set([issue.id, ...issue.blockers_list, ...issue.blocks_list]);
  const candidates = (issues.data ?? []).filter((candidate) => !taken.has(candidate.id));
  const label = kind === "blockers" ? "Blocked by" : "Blocking";
  return (
    <Row icon={kind === "blockers" ? <IconBlocked size={14} /> : <IconBlocking size={14} />} label={label}>
      <div className="flex flex-wrap items-center gap-1 px-2 py-1">
        <RelatedChips
          issues={related}
          label={kind === "blockers" ? "blocker" : "blocked issue"}
          onRemove={canEdit ? (id) => action.submit({ intent: "update", patch: { [field]: list.filter((item) => item !== id) } }) : undefined}
        />
        {canEdit ? (
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs text-neutral-500 hover:bg-neutral-100 hover:text-neutral-800"
            aria-label={kind === "blockers" ? "Add blocker" : "Add blocked issue"}
          >
            <IconPlus size={12} /> {related.length ? "" : kind === "blockers" ? "Add blocker" : "Add blocked issue"}
          </button>
        ) : related.length === 0 ? (
          <Placeholder>None</Placeholder>
        ) : null}
      </div>
      <IssueSearchDialog
        open={open}
        onOpenChange={setOpen}
        title={kind === "blockers" ? "Select blocker issues" : "Select blocked issues"}
        issues={candidates}
        loading={issues.loading}
        identifier={identifier}
        multiple
        submitLabel="Add selected issues"
        onSubmit={(ids) => action.submit({ intent: "update", patch: { [field]: [...list, ...ids] } })}
      />
    </Row>
  );
}

function ParentRow() {
  const { data, slug, projectId, identifier, canEdit } = useIssuePage();
  const issue = data.issue;
  const [open, setOpen] = useState(false);
  const action = useIssueAction();
  const issues = useProjectResource(slug, projectId, "issues", open);
  const pendingParent = pendingPatchValue<string | null>(action.pendingBody, "parent");
  const parentId = pendingParent !== undefined ? pendingParent : issue.parent;
  const parent =
    parentId === issue.parent ? issue.parent_detail : (issues.data?.find((candidate) => candidate.id === parentId) ?? null);
  // The issue itself, its parent and its children are not offered.
  const excluded = new Set([issue.id, ...(issue.parent ? [issue.parent] : []), ...data.subIssues.sub_issues.map((child) => child.id)]);
  const candidates = (issues.data ?? []).filter((candidate) => !excluded.has(candidate.id));
  return (
    <Row icon={<IconParent size={14} />} label="Parent">
      <div className="flex flex-wrap items-center gap-1 px-2 py-1">
        {parent ? (
          <RelatedChips
            issues={[parent]}
            label="parent"
            onRemove={canEdit ? () => action.submit({ intent: "update", patch: { parent: null } }) : undefined}
          />
        ) : canEdit ? null : (
          <Placeholder>None</Placeholder>
        )}
        {canEdit ? (
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs text-neutral-500 hover:bg-neutral-100 hover:text-neutral-800"
          >
            {parent ? "Change parent" : "Select parent"}
          </button>
        ) : null}
      </div>
      <ParentIssueDialog
        open={open}
        onOpenChange={setOpen}
        issues={candidates}
        loading={issues.loading}
        identifier={identifier}
        onSelect={(id) => action.submit({ intent: "update", patch: { parent: id } })}
      />
    </Row>
  );
}

function LabelsRow() {
  const { data, canEdit, actionPath } = useIssuePage();
  const issue = data.issue;
  const action = useIssueAction();
  const [creating, setCreating] = useState(false);
  const selected = pendingPatchValue<string[]>(action.pendingBody, "labels_list") ?? issue.labels;
  const byId = new Map(data.labels.map((label) => [label.id, label]));
  const chips = selected.flatMap((id) => byId.get(id) ?? []);
  const update = (labels: string[]) => action.submit({ intent: "update", patch: { labels_list: labels } });
  return (
    <Row icon={<IconLabel size={14} />} label="Labels">
      <div className="flex flex-wrap items-center gap-1 px-2 py-1">
        {chips.map((label) => (
          <span key={label.id} className="inline-flex items-center gap-1.5 rounded-full border border-neutral-200 px-2 py-0.5 text-xs text-neutral-700">
            <LabelDot color={label.color} />
            {label.name}
            {canEdit ? (
              <button
                type="button"
                aria-label={`Remove label ${label.name}`}
                onClick={() => update(selected.filter((id) => id !== label.id))}
                className="text-neutral-400 hover:text-neutral-700"
              >
                <IconX size={11} />
              </button>
            ) : null}
          </span>
        ))}
        {canEdit ? (
          <Picker
            label="Select labels"
            multiple
            options={labelOptions(data.labels)}
            value={selected}
            onChange={update}
            triggerClassName="inline-flex items-center gap-1 rounded-full border border-dashed border-neutral-300 px-2 py-0.5 text-xs text-neutral-500 hover:bg-neutral-50"
            emptyText="No labels found"
            onOpenChange={(isOpen) => {
              if (!isOpen) setCreating(false);
            }}
            footer={() =>
              creating ? (
                <QuickLabelForm action={actionPath} onDone={() => setCreating(false)} />
              ) : (
                <button
                  type="button"
                  onClick={() => setCreating(true)}
                  className="flex w-full items-center gap-1.5 rounded-md px-2 py-1.5 text-sm text-neutral-600 hover:bg-neutral-100"
                >
                  <IconPlus size={13} /> New label
                </button>
              )
            }
          >
            <IconPlus size={11} /> {chips.length ? "" : "Select label"}
          </Picker>
        ) : chips.length === 0 ? (
          <Placeholder>None</Placeholder>
        ) : null}
      </div>
    </Row>
  );
}

function CopyLinkButton() {
  const copy = useCopyIssueLink();
  useShortcut({ key: "c", mod: true, alt: true }, () => void copy("Copied to clipboard"));
  return (
    <button
      type="button"
      aria-label="Copy issue link"
      title="Copy link"
      aria-keyshortcuts="Control+Alt+C Meta+Alt+C"
      className="rounded-md p-1.5 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-800"
      onClick={() => void copy("Link Copied!")}
    >
      <IconCopy size={15} />
    </button>
  );
}

function DeleteIssueButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label="Delete issue"
        title="Delete issue"
        onClick={() => setOpen(true)}
        className="rounded-md p-1.5 text-neutral-500 hover:bg-red-50 dark:hover:bg-red-950/40 hover:text-red-600 dark:hover:text-red-400"
      >
        <IconTrash size={15} />
      </button>
      <DeleteIssueDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

/**
 * The issue's properties: beside the page on wide screens; on narrow ones right under the title
 * and description (the page puts them there), in a "Properties" section that folds, open at first.
 */
export function IssueSidebar() {
  const { frame } = useIssuePage();
  const [open, setOpen] = useState(true);
  return (
    <aside
      aria-label="Issue properties"
      className={frame.aside}
    >
      <button
        type="button"
        className={`flex w-full items-center justify-between px-5 py-3 text-sm font-medium text-neutral-700 hover:bg-neutral-50 ${frame.foldButton}`}
        aria-expanded={open}
        aria-controls="issue-properties-body"
        onClick={() => setOpen(!open)}
      >
        Properties
        <IconChevronDown size={14} className={`text-neutral-500 transition-transform ${open ? "rotate-180" : ""}`} aria-hidden="true" />
      </button>
      <div id="issue-properties-body" className={open ? frame.foldOpen : frame.foldShut}>
        <IssueProperties />
      </div>
    </aside>
  );
}

function IssueProperties() {
  const { data, slug, projectId, identifier, canEdit, points } = useIssuePage();
  const issue = data.issue;
  const stateAction = useIssueAction();
  const priorityAction = useIssueAction();
  const assigneeAction = useIssueAction();
  const cycleAction = useIssueAction();
  const moduleAction = useIssueAction();
  const estimateAction = useIssueAction();
  const dueAction = useIssueAction();
  const [cyclesOpen, setCyclesOpen] = useState(false);
  const [modulesOpen, setModulesOpen] = useState(false);
  const cycles = useProjectResource(slug, projectId, "cycles", cyclesOpen);
  const modules = useProjectResource(slug, projectId, "modules", modulesOpen);

  const stateId = pendingPatchValue<string>(stateAction.pendingBody, "state") ?? issue.state;
  const state = data.states.find((item) => item.id === stateId) ?? null;
  const priority = (pendingPatchValue<string>(priorityAction.pendingBody, "priority") ?? issue.priority ?? "none") as Priority;
  const assignees = pendingPatchValue<string[]>(assigneeAction.pendingBody, "assignees_list") ?? issue.assignees;
  const assigneeMembers = data.members.filter((member) => assignees.includes(member.id));
  const pendingCycle = pendingPatchValue<string | null>(cycleAction.pendingBody, "cycle");
  const cycleId = pendingCycle !== undefined ? pendingCycle : issue.cycle;
  const cycleName = cycleId === issue.cycle ? issue.issue_cycle?.cycle_detail.name : cycles.data?.find((cycle) => cycle.id === cycleId)?.name;
  const pendingModule = pendingPatchValue<string | null>(moduleAction.pendingBody, "module");
  const moduleId = pendingModule !== undefined ? pendingModule : issue.module;
  const moduleName = moduleId === issue.module ? issue.issue_module?.module_detail.name : modules.data?.find((module) => module.id === moduleId)?.name;
  const pendingEstimate = pendingPatchValue<number | null>(estimateAction.pendingBody, "estimate_point");
  const estimate = pendingEstimate !== undefined ? pendingEstimate : issue.estimate_point;
  const pendingDue = pendingPatchValue<string | null>(dueAction.pendingBody, "target_date");
  const due = pendingDue !== undefined ? pendingDue : issue.target_date;

  return (
    <>
      <div className="flex items-center justify-between border-b border-neutral-100 px-5 py-3">
        <span className="font-mono text-sm font-medium text-neutral-500">{issueKey(identifier, issue.sequence_id)}</span>
        <div className="flex items-center gap-0.5">
          <CopyLinkButton />
          {canEdit ? <DeleteIssueButton /> : null}
        </div>
      </div>
      <dl className="space-y-1 px-3 py-3">
        <Row icon={<StateGroupIcon group={state?.group ?? "backlog"} color={state?.color ?? "#858e96"} />} label="State">
          <Picker
            label="State"
            options={stateOptions(data.states)}
            value={stateId ? [stateId] : []}
            onChange={(value) => value[0] && value[0] !== issue.state && stateAction.submit({ intent: "update", patch: { state: value[0] } })}
            disabled={!canEdit}
            triggerClassName={rowTrigger}
          >
            {state ? <StateGroupIcon group={state.group} color={state.color} /> : null}
            <span className="truncate">{state?.name ?? "None"}</span>
          </Picker>
        </Row>
        <Row icon={<IconUser size={14} />} label="Assignees">
          <Picker
            label="Assignees"
            multiple
            options={memberOptions(data.members)}
            value={assignees}
            onChange={(value) => assigneeAction.submit({ intent: "update", patch: { assignees_list: value } })}
            disabled={!canEdit}
            triggerClassName={rowTrigger}
          >
            {assigneeMembers.length ? (
              <span className="flex min-w-0 items-center gap-1.5">
                <span className="flex -space-x-1">
                  {assigneeMembers.slice(0, 3).map((member) => (
                    <Avatar key={member.id} name={member.name} />
                  ))}
                </span>
                <span className="truncate">{assigneeMembers.length === 1 ? assigneeMembers[0].name : `${assigneeMembers.length} assignees`}</span>
              </span>
            ) : (
              <Placeholder>No assignees</Placeholder>
            )}
          </Picker>
        </Row>
        <Row icon={<PriorityIcon priority={priority} />} label="Priority">
          <Picker
            label="Priority"
            options={priorityOptions}
            value={[priority]}
            onChange={(value) => value[0] && value[0] !== issue.priority && priorityAction.submit({ intent: "update", patch: { priority: value[0] } })}
            disabled={!canEdit}
            triggerClassName={rowTrigger}
          >
            <PriorityIcon priority={priority} />
            <span>{PRIORITY_LABELS[priority] ?? priority}</span>
          </Picker>
        </Row>
        <Row icon={<IconEstimate size={14} />} label="Estimate">
          <Picker
            label="Estimate"
            options={estimateOptions(points)}
            value={[estimate === null ? NONE : String(estimate)]}
            onChange={(value) =>
              estimateAction.submit({ intent: "update", patch: { estimate_point: !value[0] || value[0] === NONE ? null : Number(value[0]) } })
            }
            disabled={!canEdit}
            triggerClassName={rowTrigger}
          >
            {estimate === null ? <Placeholder>No estimate</Placeholder> : <span>{estimateLabel(estimate, points)}</span>}
          </Picker>
        </Row>
        <Row icon={<IconCalendar size={14} />} label="Due date">
          <input
            type="date"
            aria-label="Due date"
            value={due ?? ""}
            disabled={!canEdit}
            onChange={(event) => dueAction.submit({ intent: "update", patch: { target_date: event.target.value || null } })}
            className={`h-8 w-full rounded-md bg-transparent px-2 text-sm outline-none hover:bg-neutral-100 focus:bg-neutral-100 disabled:cursor-not-allowed disabled:hover:bg-transparent ${dueDateTone(due)}`}
          />
        </Row>
        <Row icon={<IconCycleSmall size={14} />} label="Cycle">
          <Picker
            label="Cycle"
            options={cycleOptions(cycles.data ?? [])}
            value={[cycleId ?? NONE]}
            onChange={(value) => cycleAction.submit({ intent: "update", patch: { cycle: !value[0] || value[0] === NONE ? null : value[0] } })}
            disabled={!canEdit}
            loading={cycles.loading}
            onOpenChange={setCyclesOpen}
            triggerClassName={rowTrigger}
            emptyText="No cycles"
          >
            {cycleName ? <span className="truncate">{cycleName}</span> : <Placeholder>No cycle</Placeholder>}
          </Picker>
        </Row>
        <Row icon={<IconModuleSmall size={14} />} label="Module">
          <Picker
            label="Module"
            options={moduleOptions(modules.data ?? [])}
            value={[moduleId ?? NONE]}
            onChange={(value) => moduleAction.submit({ intent: "update", patch: { module: !value[0] || value[0] === NONE ? null : value[0] } })}
            disabled={!canEdit}
            loading={modules.loading}
            onOpenChange={setModulesOpen}
            triggerClassName={rowTrigger}
            emptyText="No modules"
          >
            {moduleName ? <span className="truncate">{moduleName}</span> : <Placeholder>No module</Placeholder>}
          </Picker>
        </Row>
        <ParentRow />
        <RelationRow kind="blockers" />
        <RelationRow kind="blocking" />
        <LabelsRow />
      </dl>
      <LinksSection />
      <IssueSubscribers />
    </>
  );
}
