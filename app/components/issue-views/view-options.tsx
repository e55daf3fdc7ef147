// The view-options bar: layout buttons, the filter selector and the View menu of display
// properties, with their rules (kanban offers no "none" grouping, calendar, Gantt and the
// spreadsheet do not group, priority ordering is hidden when grouping by priority).
import { type ReactNode, lazy } from "react";
import { Suspense } from "~/lib/suspense";
import { Menu } from "~/components/ui";
import { IconChevronDown } from "~/components/icons";
import {
  FILTER_KEYS,
  type IssuePropertyKey,
  type IssuePropertyToggles,
  LAYOUTS,
  type Layout,
  type ViewProps,
} from "~/lib/issue-display";
import type { FilterMenuProps } from "./view-options-items";
import { IconCalendarGrid, IconFilter, IconGantt, IconKanban, IconList, IconSliders, IconSpreadsheet } from "./view-icons";
const LAYOUT_ICONS: Record<Layout, typeof IconList> = {
  list: IconList,
  kanban: IconKanban,
  calendar: IconCalendarGrid,
  gantt_chart: IconGantt,
  spreadsheet: IconSpreadsheet,
};

/** The layout switch; `layouts` narrows it to the layouts a page has (My work: list and kanban). */
export function LayoutButtons({
  layout,
  onChange,
  layouts = LAYOUTS,
}: {
  layout: Layout;
  onChange(layout: Layout): void;
  layouts?: readonly { key: Layout; label: string }[];
}) {
  return (
    <fieldset className="flex items-center gap-0.5 rounded-md bg-neutral-100 p-0.5">
      <legend className="sr-only">Layout</legend>
      {layouts.map(({ key, label }) => {
        const Icon = LAYOUT_ICONS[key];
        const active = key === layout;
        return (
          <button
            key={key}
            type="button"
            aria-label={label}
            aria-pressed={active}
            title={label}
            onClick={() => onChange(key)}
            className={`flex size-7 items-center justify-center rounded transition-colors focus-visible:outline-2 focus-visible:outline-brand-500 ${
              active ? "bg-surface text-neutral-900 shadow-xs" : "text-neutral-500 hover:text-neutral-800"
            }`}
          >
            <Icon size={15} />
          </button>
        );
      })}
    </fieldset>
  );
}

const toolbarButton =
  "inline-flex h-8 items-center gap-1.5 rounded-md border border-neutral-200 bg-surface px-2.5 text-xs font-medium text-neutral-700 shadow-xs hover:bg-neutral-50 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-brand-500 data-[state=open]:bg-neutral-100";

const loadItems = () => import("./view-options-items");
const FilterItems = lazy(() => loadItems().then((module) => ({ default: module.FilterItems })));
const DisplayItems = lazy(() => loadItems().then((module) => ({ default: module.DisplayItems })));
const preload = () => void loadItems();

export type { FilterChoices } from "./view-options-items";

/** The filter selector: state, priority, assignees, labels and created_by, each value a toggle. */
export function FiltersMenu({ filters, choices, onToggle }: FilterMenuProps) {
  const count = FILTER_KEYS.reduce((total, key) => total + (filters[key]?.length ?? 0), 0);
  return (
    <Menu
      contentClassName="z-50 max-h-[28rem] w-64 overflow-y-auto"
      rootProps={{ positioning: { placement: "bottom-end", gutter: 6 }, closeOnSelect: false, lazyMount: true, unmountOnExit: true }}
      triggerProps={{ className: toolbarButton, onPointerEnter: preload, onFocus: preload }}
      trigger={
        <>
          <IconFilter size={14} />
          Filters
          {count > 0 ? <span className="rounded-full bg-brand-50 dark:bg-brand-500/15 px-1.5 text-[10px] font-semibold text-brand-600 dark:text-brand-400">{count}</span> : null}
          <IconChevronDown size={12} className="text-neutral-400" />
        </>
      }
    >
      {() => (
        <Suspense fallback={null}>
          <FilterItems filters={filters} choices={choices} onToggle={onToggle} />
        </Suspense>
      )}
    </Menu>
  );
}

/** The View menu: grouping, ordering, issue type, empty groups and property toggles. */
export function DisplayMenu(props: {
  props: ViewProps;
  properties: IssuePropertyToggles;
  onChange(change: Partial<ViewProps>): void;
  onToggleProperty(key: IssuePropertyKey): void;
}) {
  return (
    <ViewMenu preloadItems={preload} className="w-[30rem]">
      <DisplayItems {...props} />
    </ViewMenu>
  );
}

/**
 * A View trigger and its card (a page's display options). `children` are lazy items, drawn once
 * their code has arrived; `preloadItems` fetches it when the trigger is hovered or focused.
 */
export function ViewMenu({ preloadItems, className, children }: { preloadItems(): void; className: string; children: ReactNode }) {
  return (
    <Menu
      contentClassName={`z-50 max-h-[32rem] ${className} max-w-[calc(100vw-2rem)] overflow-y-auto`}
      rootProps={{ positioning: { placement: "bottom-end", gutter: 6 }, closeOnSelect: false, lazyMount: true, unmountOnExit: true }}
      triggerProps={{ className: toolbarButton, onPointerEnter: preloadItems, onFocus: preloadItems }}
      trigger={
        <>
          <IconSliders size={14} />
          View
          <IconChevronDown size={12} className="text-neutral-400" />
        </>
      }
    >
      {() => <Suspense fallback={null}>{children}</Suspense>}
    </Menu>
  );
}
