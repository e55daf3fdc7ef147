// The issue form's row of property pills: state, priority, assignees, labels, dates, estimate,
// parent, cycle and module, each a picker on the form's values. Cycles and modules are read when
// their picker first opens (or a value is set).
import { PRIORITY_LABELS, type Priority, PriorityIcon, StateGroupIcon } from "../issue-icons";
import { estimateLabel, issueKey } from "../issue-detail/format";
import { IconCycleSmall, IconEstimate, IconLabel, IconModuleSmall, IconParent, IconUser } from "../issue-detail/icons";
import { LabelDot, cycleOptions, estimateOptions, labelOptions, memberOptions, moduleOptions, priorityOptions, stateOptions } from "../issue-detail/options";
import { NONE, Picker } from "../issue-detail/pickers";
import type { IssueOption, useProjectResource } from "../issue-detail/project-data";
import type { IssueFormValues } from "./form-values";
import { DatePill, pill } from "./pills";

type Resource<K extends Parameters<typeof useProjectResource>[2]> = ReturnType<typeof useProjectResource<K>>;

interface PropertyPillsProps {
  identifier: string;
  values: IssueFormValues;
  set<K extends keyof IssueFormValues>(key: K, value: IssueFormValues[K]): void;
  states: Resource<"states">;
  labels: Resource<"labels">;
  members: Resource<"members">;
  cycles: Resource<"cycles">;
  modules: Resource<"modules">;
  /** The project's estimate points, when it estimates. */
  points: Parameters<typeof estimateOptions>[0];
  parentIssue: IssueOption | null;
  onPickParent(): void;
  onCyclesOpen(open: boolean): void;
  onModulesOpen(open: boolean): void;
}

/** The id a single picker chose, or null for its "none" entry or no choice. */
const chosenId = (value: string[]) => (!value[0] || value[0] === NONE ? null : value[0]);

export function PropertyPills({ identifier, values, set, states, labels, members, cycles, modules, points, parentIssue, onPickParent, onCyclesOpen, onModulesOpen }: PropertyPillsProps) {
  const stateList = states.data ?? [];
  const currentState = stateList.find((state) => state.id === values.state) ?? stateList.find((state) => state.default) ?? null;
  const memberList = members.data ?? [];
  const labelList = labels.data ?? [];
  const selectedLabels = labelList.filter((label) => values.labels.includes(label.id));
  const assigneeNames = memberList.filter((member) => values.assignees.includes(member.id)).map((member) => member.name);
  return (
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
      <button type="button" className={pill} onClick={onPickParent}>
        <IconParent size={12} />
        <span className="truncate">{parentIssue ? issueKey(identifier, parentIssue.sequence_id) : "Add parent"}</span>
      </button>
      <Picker
        label="Cycle"
        options={cycleOptions(cycles.data ?? [])}
        value={[values.cycle ?? NONE]}
        onChange={(value) => set("cycle", chosenId(value))}
        triggerClassName={pill}
        loading={cycles.loading}
        onOpenChange={onCyclesOpen}
      >
        <IconCycleSmall size={12} />
        <span className="truncate">{cycles.data?.find((cycle) => cycle.id === values.cycle)?.name ?? "Cycle"}</span>
      </Picker>
      <Picker
        label="Module"
        options={moduleOptions(modules.data ?? [])}
        value={[values.module ?? NONE]}
        onChange={(value) => set("module", chosenId(value))}
        triggerClassName={pill}
        loading={modules.loading}
        onOpenChange={onModulesOpen}
      >
        <IconModuleSmall size={12} />
        <span className="truncate">{modules.data?.find((module) => module.id === values.module)?.name ?? "Module"}</span>
      </Picker>
    </div>
  );
}
