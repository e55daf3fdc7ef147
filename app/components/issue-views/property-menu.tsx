// One menu for every inline edit and card menu on the page: a property button (or the card's
// "..." button) opens it next to itself. One Ark menu instead of a few per card keeps a board of
// 1,000 issues fast to render and hydrate.
import { Menu } from "@ark-ui/react/menu";
import { useParams } from "@remix-run/react";
import { MenuCard } from "~/components/ui/menu-parts";
import { useEffect } from "react";
import { IconCheck, IconTrash } from "~/components/icons";
import { PriorityIcon, StateGroupIcon } from "~/components/issue-icons";
import { PRIORITIES, PRIORITY_LABELS, type Priority, stateColor } from "~/lib/issue-display";
import { ESTIMATE_KEYS } from "../../../workers/domain/schemas/constants";
import { cycleOptions, moduleOptions } from "../issue-detail/options";
import { NONE } from "../issue-detail/pickers";
import { useProjectResource } from "../issue-detail/project-data";
import type { EstimatePoints } from "./estimate-points";
import type { IssuePatch, LabelOption, MemberOption, StateOption, ViewIssue } from "./model";
import { Avatar } from "./parts";
import { IconExternal, IconLink, IconPencil } from "./view-icons";

export type MenuKind = "state" | "priority" | "assignees" | "labels" | "estimate" | "cycle" | "module" | "menu";

export interface MenuTarget {
  kind: MenuKind;
  issueId: string;
  anchor: HTMLElement;
  /** Changes on every open so the menu starts fresh. */
  nonce: number;
}

export type CardAction = "copy-link" | "open-new-tab" | "edit" | "delete";

const item =
  "flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-neutral-700 outline-none data-[highlighted]:bg-neutral-100 data-[disabled]:opacity-50";

/** Estimate points 0-7 (workers/domain/schemas/constants.ts) when the project uses no estimate. */
const ESTIMATES = ESTIMATE_KEYS.map((key) => ({ key, value: String(key) }));

function Tick({ on }: { on: boolean }) {
  return <span className="ml-auto text-brand-600 dark:text-brand-400">{on ? <IconCheck size={14} /> : null}</span>;
}

/**
 * The cycles (those not completed) or modules an issue can be put in, and "No cycle" / "No
 * module" to take it out; the project's list is read when the menu opens (cached for the page).
 */
function PlanItems({ kind, issue, onPatch }: { kind: "cycle" | "module"; issue: ViewIssue; onPatch(issue: ViewIssue, patch: IssuePatch): void }) {
  const { workspaceSlug = "", projectId = "" } = useParams();
  const cycles = useProjectResource(workspaceSlug, projectId, "cycles", kind === "cycle");
  const modules = useProjectResource(workspaceSlug, projectId, "modules", kind === "module");
  const list = kind === "cycle" ? cycles : modules;
  const options = kind === "cycle" ? cycleOptions(cycles.data ?? []) : moduleOptions(modules.data ?? []);
  const current = issue[kind] ?? NONE;
  return (
    <>
      <Menu.RadioItemGroup
        value={current}
        onValueChange={(details) => {
          const value = details.value === NONE ? null : details.value;
          if (value !== issue[kind]) onPatch(issue, kind === "cycle" ? { cycle: value } : { module: value });
        }}
      >
        {options.map((option) => (
          <Menu.RadioItem key={option.value} value={option.value} className={item}>
            <Menu.ItemText className="truncate">{option.label}</Menu.ItemText>
            <Tick on={option.value === current} />
          </Menu.RadioItem>
        ))}
      </Menu.RadioItemGroup>
      {list.loading ? (
        <p role="status" className="px-2 py-1.5 text-sm text-neutral-400">
          Loading...
        </p>
      ) : null}
    </>
  );
}

export function PropertyMenu({
  target,
  issue,
  states,
  labels,
  members,
  points,
  onClose,
  onPatch,
  onAction,
}: {
  target: MenuTarget | null;
  issue: ViewIssue | undefined;
  states: StateOption[];
  labels: LabelOption[];
  members: MemberOption[];
  /** The project's estimate points, or null (0-7). */
  points: EstimatePoints;
  onClose(): void;
  onPatch(issue: ViewIssue, patch: IssuePatch): void;
  onAction(issue: ViewIssue, action: CardAction): void;
}) {
  // The issue can vanish while the menu is open (deleted elsewhere): close.
  useEffect(() => {
    if (target && !issue) onClose();
  }, [target, issue, onClose]);
  if (!target || !issue) return null;
  const multi = target.kind === "assignees" || target.kind === "labels";
  const label =
    target.kind === "menu"
      ? "Issue actions"
      : target.kind === "assignees"
        ? "Assignees"
        : target.kind === "labels"
          ? "Labels"
          : target.kind === "estimate"
            ? "Estimate"
            : target.kind === "cycle"
              ? "Cycle"
              : target.kind === "module"
                ? "Module"
            : target.kind === "state"
              ? "State"
              : "Priority";
  const toggle = (list: string[], id: string) => (list.includes(id) ? list.filter((value) => value !== id) : [...list, id]);

  return (
    <Menu.Root
      key={target.nonce}
      defaultOpen
      // The menu has no Menu.Trigger of its own: the button that opened it is its anchor, so it
      // sits below that button (above it, or shifted sideways, when the window has no room) and
      // follows it when the board scrolls. (`anchorPoint` alone is not used for positioning.)
      positioning={{ placement: "bottom-start", gutter: 4, getAnchorElement: () => target.anchor }}
      closeOnSelect={!multi}
      onOpenChange={(details) => {
        if (details.open) return;
        onClose();
        // A menu without a Menu.Trigger does not return focus by itself.
        if (target.anchor.isConnected) target.anchor.focus({ preventScroll: true });
      }}
      onSelect={(details) => {
        if (target.kind === "menu") onAction(issue, details.value as CardAction);
      }}
    >
      <MenuCard className="z-50 max-h-80 w-60 overflow-y-auto" label={label}>
            {target.kind === "state" ? (
              <Menu.RadioItemGroup
                value={issue.state ?? ""}
                onValueChange={(details) => details.value !== issue.state && onPatch(issue, { state: details.value })}
              >
                {states.map((state) => (
                  <Menu.RadioItem key={state.id} value={state.id} className={item}>
                    <StateGroupIcon group={state.group} color={stateColor(state)} />
                    <Menu.ItemText className="truncate">{state.name}</Menu.ItemText>
                    <Tick on={state.id === issue.state} />
                  </Menu.RadioItem>
                ))}
              </Menu.RadioItemGroup>
            ) : null}
            {target.kind === "priority" ? (
              <Menu.RadioItemGroup
                value={issue.priority}
                onValueChange={(details) =>
                  details.value !== issue.priority && onPatch(issue, { priority: details.value as Priority })
                }
              >
                {PRIORITIES.map((priority) => (
                  <Menu.RadioItem key={priority} value={priority} className={item}>
                    <PriorityIcon priority={priority} />
                    <Menu.ItemText>{PRIORITY_LABELS[priority]}</Menu.ItemText>
                    <Tick on={priority === issue.priority} />
                  </Menu.RadioItem>
                ))}
              </Menu.RadioItemGroup>
            ) : null}
            {target.kind === "estimate" ? (
              <Menu.RadioItemGroup
                value={issue.estimate_point === null ? "none" : String(issue.estimate_point)}
                onValueChange={(details) => {
                  const value = details.value === "none" ? null : Number(details.value);
                  if (value !== issue.estimate_point) onPatch(issue, { estimate_point: value });
                }}
              >
                <Menu.RadioItem value="none" className={item}>
                  <Menu.ItemText>None</Menu.ItemText>
                  <Tick on={issue.estimate_point === null} />
                </Menu.RadioItem>
                {(points ?? ESTIMATES).map((point) => (
                  <Menu.RadioItem key={point.key} value={String(point.key)} className={item}>
                    <Menu.ItemText>{point.value}</Menu.ItemText>
                    <Tick on={issue.estimate_point === point.key} />
                  </Menu.RadioItem>
                ))}
              </Menu.RadioItemGroup>
            ) : null}
            {target.kind === "cycle" || target.kind === "module" ? <PlanItems kind={target.kind} issue={issue} onPatch={onPatch} /> : null}
            {target.kind === "assignees"
              ? members.map((member) => {
                  const checked = issue.assignees.includes(member.id);
                  return (
                    <Menu.CheckboxItem
                      key={member.id}
                      value={member.id}
                      checked={checked}
                      onCheckedChange={() => onPatch(issue, { assignees_list: toggle(issue.assignees, member.id) })}
                      className={item}
                    >
                      <Avatar member={member} size="xs" />
                      <Menu.ItemText className="truncate">{member.name}</Menu.ItemText>
                      <Tick on={checked} />
                    </Menu.CheckboxItem>
                  );
                })
              : null}
            {target.kind === "labels" ? (
              labels.length === 0 ? (
                <p className="px-2 py-1.5 text-sm text-neutral-400">No labels found</p>
              ) : (
                labels.map((label) => {
                  const checked = issue.labels.includes(label.id);
                  return (
                    <Menu.CheckboxItem
                      key={label.id}
                      value={label.id}
                      checked={checked}
                      onCheckedChange={() => onPatch(issue, { labels_list: toggle(issue.labels, label.id) })}
                      className={item}
                    >
                      <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: label.color }} aria-hidden="true" />
                      <Menu.ItemText className="truncate">{label.name}</Menu.ItemText>
                      <Tick on={checked} />
                    </Menu.CheckboxItem>
                  );
                })
              )
            ) : null}
            {target.kind === "menu" ? (
              <>
                <Menu.Item value="copy-link" className={item}>
                  <IconLink size={14} />
                  Copy link
                </Menu.Item>
                <Menu.Item value="open-new-tab" className={item}>
                  <IconExternal size={14} />
                  Open in new tab
                </Menu.Item>
                <Menu.Item value="edit" className={item}>
                  <IconPencil size={14} />
                  Edit issue
                </Menu.Item>
                <Menu.Separator className="my-1 border-neutral-100" />
                <Menu.Item value="delete" className={`${item} !text-red-600 dark:text-red-400`}>
                  <IconTrash size={14} />
                  Delete issue
                </Menu.Item>
              </>
            ) : null}
      </MenuCard>
    </Menu.Root>
  );
}
