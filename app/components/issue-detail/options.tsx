// Picker options for issue properties, shared by the issue sidebar and the issue modal.
import { PRIORITIES } from "../../../workers/domain/schemas/issues";
import { PRIORITY_LABELS, type Priority, PriorityIcon, StateGroupIcon } from "../issue-icons";
import { Avatar, estimateLabel } from "./format";
import { NONE, type PickerOption } from "./pickers";
import type { CycleOption, LabelOption, MemberOption, ModuleOption, StateOption } from "./project-data";

export const MAX_ESTIMATE_POINT = 7;

export const stateOptions = (states: StateOption[]): PickerOption[] =>
  states.map((state) => ({ value: state.id, label: state.name, icon: <StateGroupIcon group={state.group} color={state.color} /> }));

export const priorityOptions: PickerOption[] = PRIORITIES.map((priority) => ({
  value: priority,
  label: PRIORITY_LABELS[priority as Priority],
  icon: <PriorityIcon priority={priority} />,
}));

export const memberOptions = (members: MemberOption[]): PickerOption[] =>
  members.map((member) => ({ value: member.id, label: member.name, icon: <Avatar name={member.name} size="xs" /> }));

export const LabelDot = ({ color }: { color: string }) => (
  <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: color || "#858e96" }} aria-hidden="true" />
);

/** Labels with their group's name as a hint, groups themselves included (a group is a label too). */
export function labelOptions(labels: LabelOption[]): PickerOption[] {
  const names = new Map(labels.map((label) => [label.id, label.name]));
  return labels.map((label) => ({
    value: label.id,
    label: label.name,
    icon: <LabelDot color={label.color} />,
    hint: label.parent ? names.get(label.parent) : undefined,
  }));
}

export function estimateOptions(points: { key: number; value: string }[] | null): PickerOption[] {
  const keys = points ? points.map((point) => point.key) : Array.from({ length: MAX_ESTIMATE_POINT + 1 }, (_, key) => key);
  return [
    { value: NONE, label: "None" },
    ...keys.map((key) => ({ value: String(key), label: estimateLabel(key, points) ?? String(key) })),
  ];
}

/** Completed cycles cannot receive issues, so they are not offered. */
export const cycleOptions = (cycles: CycleOption[]): PickerOption[] => [
  { value: NONE, label: "No cycle" },
  ...cycles.filter((cycle) => cycle.status !== "completed").map((cycle) => ({ value: cycle.id, label: cycle.name, hint: cycle.status || undefined })),
];

export const moduleOptions = (modules: ModuleOption[]): PickerOption[] => [
  { value: NONE, label: "No module" },
  ...modules.map((module) => ({ value: module.id, label: module.name })),
];
