// The items of the Filters and View menus, loaded when a menu first opens (or its trigger is
// hovered or focused): the toolbar itself ships only the triggers.
import { Menu } from "@ark-ui/react/menu";
import { IconCheck } from "~/components/icons";
import { PriorityIcon, StateGroupIcon } from "~/components/issue-icons";
import {
  type FilterKey,
  ISSUE_PROPERTY_KEYS,
  ISSUE_PROPERTY_LABELS,
  ISSUE_TYPE_OPTIONS,
  type IssuePropertyKey,
  type IssuePropertyToggles,
  type IssueType,
  PRIORITIES,
  PRIORITY_LABELS,
  type ViewProps,
  groupByOptionsFor,
  orderByOptionsFor,
  stateColor,
} from "~/lib/issue-display";
import type { LabelOption, MemberOption, StateOption } from "./model";
import { Avatar } from "./parts";

export const menuItem =
  "flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-neutral-700 outline-none data-[highlighted]:bg-neutral-100";
export const groupLabel = "px-2 pt-2 pb-1 text-[11px] font-semibold tracking-wide text-neutral-400 uppercase";

export function Check({ checked }: { checked: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`flex size-3.5 shrink-0 items-center justify-center rounded-sm border ${
        checked ? "border-brand-500 bg-brand-500 text-white" : "border-neutral-300"
      }`}
    >
      {checked ? <IconCheck size={10} style={{ strokeWidth: 3 }} /> : null}
    </span>
  );
}

export interface FilterChoices {
  states: StateOption[];
  labels: LabelOption[];
  members: MemberOption[];
}

/** What the filter menu shows and changes: the view's filters and the values to choose from. */
export interface FilterMenuProps {
  filters: ViewProps["filters"];
  choices: FilterChoices;
  onToggle(key: FilterKey, value: string): void;
}

export function FilterItems({ filters, choices, onToggle }: FilterMenuProps) {
  const selected = (key: FilterKey, value: string) => (filters[key] ?? []).includes(value);
  const item = (key: FilterKey, value: string, label: string, icon: React.ReactNode) => (
    <Menu.CheckboxItem
      key={`${key}:${value}`}
      value={`${key}:${value}`}
      valueText={label}
      checked={selected(key, value)}
      onCheckedChange={() => onToggle(key, value)}
      closeOnSelect={false}
      className={menuItem}
    >
      <Check checked={selected(key, value)} />
      {icon}
      <Menu.ItemText className="truncate">{label}</Menu.ItemText>
    </Menu.CheckboxItem>
  );
  return (
    <>
      <Menu.ItemGroup>
        <Menu.ItemGroupLabel className={groupLabel}>Priority</Menu.ItemGroupLabel>
        {PRIORITIES.map((priority) =>
          item("priority", priority, PRIORITY_LABELS[priority], <PriorityIcon priority={priority} size={13} />),
        )}
      </Menu.ItemGroup>
      <Menu.ItemGroup>
        <Menu.ItemGroupLabel className={groupLabel}>State</Menu.ItemGroupLabel>
        {choices.states.map((state) =>
          item("state", state.id, state.name, <StateGroupIcon group={state.group} color={stateColor(state)} size={13} />),
        )}
      </Menu.ItemGroup>
      <Menu.ItemGroup>
        <Menu.ItemGroupLabel className={groupLabel}>Assignees</Menu.ItemGroupLabel>
        {choices.members.map((member) => item("assignees", member.id, member.name, <Avatar member={member} size="xs" />))}
      </Menu.ItemGroup>
      <Menu.ItemGroup>
        <Menu.ItemGroupLabel className={groupLabel}>Created by</Menu.ItemGroupLabel>
        {choices.members.map((member) => item("created_by", member.id, member.name, <Avatar member={member} size="xs" />))}
      </Menu.ItemGroup>
      <Menu.ItemGroup>
        <Menu.ItemGroupLabel className={groupLabel}>Labels</Menu.ItemGroupLabel>
        {choices.labels.length === 0 ? <p className="px-2 py-1.5 text-xs text-neutral-400">No labels found</p> : null}
        {choices.labels.map((label) =>
          item(
            "labels",
            label.id,
            label.name,
            <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: label.color }} aria-hidden="true" />,
          ),
        )}
      </Menu.ItemGroup>
    </>
  );
}

/** One choice of a radio group in a menu: a round mark, then its label. */
export function RadioItem({ value, label, checked }: { value: string; label: string; checked: boolean }) {
  return (
    <Menu.RadioItem value={value} className={menuItem}>
      <span
        aria-hidden="true"
        className={`flex size-3.5 shrink-0 items-center justify-center rounded-full border ${checked ? "border-brand-500" : "border-neutral-300"}`}
      >
        {checked ? <span className="size-1.5 rounded-full bg-brand-500" /> : null}
      </span>
      <Menu.ItemText>{label}</Menu.ItemText>
    </Menu.RadioItem>
  );
}

export function DisplayItems({
  props,
  properties,
  onChange,
  onToggleProperty,
}: {
  props: ViewProps;
  properties: IssuePropertyToggles;
  onChange(change: Partial<ViewProps>): void;
  onToggleProperty(key: IssuePropertyKey): void;
}) {
  const grouped = props.issueView === "list" || props.issueView === "kanban";
  const groupBy = props.issueView === "kanban" ? (props.groupByProperty ?? "state") : props.groupByProperty;
  const radio = (value: string, label: string, checked: boolean) => <RadioItem key={value} value={value} label={label} checked={checked} />;
  return (
    <div className="grid grid-cols-2 gap-x-1">
      <div>
        {grouped ? (
          <Menu.RadioItemGroup
            value={groupBy ?? "none"}
            onValueChange={(details) =>
              onChange({ groupByProperty: (details.value === "none" ? null : details.value) as ViewProps["groupByProperty"] })
            }
          >
            <Menu.ItemGroupLabel className={groupLabel}>Group by</Menu.ItemGroupLabel>
            {groupByOptionsFor(props.issueView).map((option) =>
              radio(option.key ?? "none", option.label, (option.key ?? null) === (groupBy ?? null)),
            )}
          </Menu.RadioItemGroup>
        ) : null}
        {grouped ? (
          <Menu.RadioItemGroup
            value={props.orderBy}
            onValueChange={(details) => onChange({ orderBy: details.value as ViewProps["orderBy"] })}
          >
            <Menu.ItemGroupLabel className={groupLabel}>Order by</Menu.ItemGroupLabel>
            {orderByOptionsFor(groupBy).map((option) => radio(option.key, option.label, option.key === props.orderBy))}
          </Menu.RadioItemGroup>
        ) : null}
        <Menu.RadioItemGroup
          value={props.filters.type ?? "all"}
          onValueChange={(details) => {
            const type = details.value as IssueType;
            onChange({ filters: { ...props.filters, type: type === "all" ? null : type } });
          }}
        >
          <Menu.ItemGroupLabel className={groupLabel}>Issue type</Menu.ItemGroupLabel>
          {ISSUE_TYPE_OPTIONS.map((option) => radio(option.key, option.label, option.key === (props.filters.type ?? "all")))}
        </Menu.RadioItemGroup>
        {grouped && groupBy ? (
          <Menu.ItemGroup>
            <Menu.ItemGroupLabel className={groupLabel}>Groups</Menu.ItemGroupLabel>
            <Menu.CheckboxItem
              value="show-empty-groups"
              checked={props.showEmptyGroups}
              onCheckedChange={(checked) => onChange({ showEmptyGroups: checked })}
              className={menuItem}
            >
              <Check checked={props.showEmptyGroups} />
              <Menu.ItemText>Show empty groups</Menu.ItemText>
            </Menu.CheckboxItem>
          </Menu.ItemGroup>
        ) : null}
      </div>
      <Menu.ItemGroup>
        <Menu.ItemGroupLabel className={groupLabel}>Display properties</Menu.ItemGroupLabel>
        {ISSUE_PROPERTY_KEYS.map((key) => (
          <Menu.CheckboxItem
            key={key}
            value={`property:${key}`}
            checked={properties[key]}
            onCheckedChange={() => onToggleProperty(key)}
            className={menuItem}
          >
            <Check checked={properties[key]} />
            <Menu.ItemText>{ISSUE_PROPERTY_LABELS[key]}</Menu.ItemText>
          </Menu.CheckboxItem>
        ))}
      </Menu.ItemGroup>
    </div>
  );
}
