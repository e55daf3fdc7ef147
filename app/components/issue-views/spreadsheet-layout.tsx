// The spreadsheet layout: one row per issue in the view's order (grouping is ignored, as in
// Plane), a column per property the person turned on, the header and the issue column stuck while
// the table scrolls both ways. It is a grid with one focusable cell at a time (roving tabindex):
// arrow keys move between cells, Home and End go to the row's ends, Enter opens the cell's editor
// (the same property menu or date picker rows and cards open, through the same writes) or the
// issue, Space ticks the row, and closing an editor gives the focus back to its cell. Rows are
// windowed as the list's are, so a thousand issues scroll as smoothly as ten. The cycle and module
// columns name what the issue carries by id from the project's lists, read when the grid mounts.
import { useParams } from "@remix-run/react";
import { createContext, memo, useCallback, useContext, useMemo, useState } from "react";
import { ISSUE_PROPERTY_LABELS, type IssuePropertyToggles, TITLE_MAX } from "~/lib/issue-display";
import { BulkSelectionProvider, SelectBox, onSelectionKeys, useBulkSelection } from "./bulk-selection";
import { type IssueGroup, type ViewIssue, issueKey } from "./model";
import { useProjectResource } from "../issue-detail/project-data";
import { type ChipProperty, type IssueAction, IssueLink, IssueProperty, useViewContext } from "./parts";
import { type CardSlot, SPREADSHEET_ROWS, VirtualIssueList } from "./progressive";

/** The columns the spreadsheet adds to the chips rows and cards show. */
type PlanProperty = "cycle" | "module";

interface Column {
  property: ChipProperty | PlanProperty;
  label: string;
  /** What the cell opens when the person may edit (read-only counts open nothing). */
  action: IssueAction | null;
  width: number;
}

/**
 * The property columns in their order; each is shown while its toggle is on, as the list shows its
 * chips. The start date, cycle and module have no toggle of their own and are always shown.
 */
const COLUMNS: Column[] = [
  { property: "state", label: ISSUE_PROPERTY_LABELS.state, action: "state", width: 160 },
  { property: "priority", label: ISSUE_PROPERTY_LABELS.priority, action: "priority", width: 130 },
  { property: "assignee", label: "Assignees", action: "assignees", width: 140 },
  { property: "labels", label: ISSUE_PROPERTY_LABELS.labels, action: "labels", width: 200 },
  { property: "cycle", label: "Cycle", action: "cycle", width: 160 },
  { property: "module", label: "Module", action: "module", width: 160 },
  { property: "start_date", label: "Start date", action: "start_date", width: 140 },
  { property: "due_date", label: ISSUE_PROPERTY_LABELS.due_date, action: "due_date", width: 140 },
  { property: "estimate", label: ISSUE_PROPERTY_LABELS.estimate, action: "estimate", width: 120 },
  { property: "sub_issue_count", label: ISSUE_PROPERTY_LABELS.sub_issue_count, action: null, width: 140 },
  { property: "attachment_count", label: ISSUE_PROPERTY_LABELS.attachment_count, action: null, width: 150 },
  { property: "link", label: ISSUE_PROPERTY_LABELS.link, action: null, width: 100 },
];

/** The issue column's width: wide enough for the key and a readable title, narrow enough for a phone. */
const ISSUE_COLUMN = "min(22rem, 60vw)";

const ALWAYS_SHOWN = new Set<Column["property"]>(["start_date", "cycle", "module"]);

function shownColumns(toggles: IssuePropertyToggles) {
  return COLUMNS.filter((column) => ALWAYS_SHOWN.has(column.property) || toggles[column.property as keyof IssuePropertyToggles]);
}

/** The names of the project's cycles and modules by id; null until they are read. */
const PlanNames = createContext<Record<PlanProperty, Map<string, string> | null>>({ cycle: null, module: null });

function usePlanNames(): Record<PlanProperty, Map<string, string> | null> {
  const { workspaceSlug = "", projectId = "" } = useParams();
  const cycles = useProjectResource(workspaceSlug, projectId, "cycles", true).data;
  const modules = useProjectResource(workspaceSlug, projectId, "modules", true).data;
  return useMemo(
    () => ({
      cycle: cycles ? new Map(cycles.map((cycle) => [cycle.id, cycle.name])) : null,
      module: modules ? new Map(modules.map((module) => [module.id, module.name])) : null,
    }),
    [cycles, modules],
  );
}

const PLAN_LABELS: Record<PlanProperty, { label: string; none: string }> = {
  cycle: { label: "Cycle", none: "No cycle" },
  module: { label: "Module", none: "No module" },
};

/** The issue's cycle or module by name ("..." while the project's list is being read). */
function PlanCell({ issue, property }: { issue: ViewIssue; property: PlanProperty }) {
  const names = useContext(PlanNames)[property];
  const id = issue[property];
  const { label, none } = PLAN_LABELS[property];
  const name = id === null ? none : (names?.get(id) ?? null);
  return (
    <span
      title={`${label}: ${name ?? "..."}`}
      aria-busy={name === null ? true : undefined}
      className={`truncate text-xs ${id === null ? "text-neutral-400" : "text-neutral-700"}`}
    >
      {name ?? "..."}
    </span>
  );
}

const cellClass =
  "flex min-w-0 items-center border-r border-b border-neutral-100 px-2 outline-none focus:ring-2 focus:ring-brand-500 focus:ring-inset";

/** The cell the focus is on: its row's issue and its column (0 is the issue column). */
interface ActiveCell {
  issueId: string;
  column: number;
}

const SpreadsheetRow = memo(function SpreadsheetRow({
  issue,
  slot,
  order,
  columns,
  template,
  activeColumn,
}: {
  issue: ViewIssue;
  slot: CardSlot;
  order: readonly string[];
  columns: Column[];
  template: string;
  /** The column whose cell takes Tab into the grid, on this row only. */
  activeColumn: number | null;
}) {
  const { identifier, properties, canEdit } = useViewContext();
  const selection = useBulkSelection();
  const key = issueKey(identifier, issue);
  const tabIndex = (column: number) => (activeColumn === column ? 0 : -1);
  return (
    <tr
      ref={slot.measure}
      data-index={slot.index}
      data-issue-id={issue.id}
      aria-rowindex={slot.index + 2}
      aria-selected={selection ? selection.selected.has(issue.id) : undefined}
      className="group grid h-10 scroll-mt-9 bg-surface text-sm hover:bg-neutral-50 aria-selected:bg-brand-50/60 dark:aria-selected:bg-brand-950/40"
      style={{ gridTemplateColumns: template }}
    >
      <td
        data-column={0}
        tabIndex={tabIndex(0)}
        className={`${cellClass} sticky left-0 z-10 gap-2 bg-inherit pl-3`}
      >
        {canEdit ? <SelectBox issueId={issue.id} label={key} order={order} tabIndex={-1} /> : null}
        {properties.key ? <span className="w-16 shrink-0 text-xs font-medium text-neutral-400">{key}</span> : null}
        <IssueLink issue={issue} max={TITLE_MAX.list} tabIndex={-1} className="min-w-0 flex-1 truncate text-neutral-800 hover:text-neutral-950" />
      </td>
      {columns.map((column, index) => {
        const action = canEdit ? column.action : null;
        return (
          <td
            key={column.property}
            data-column={index + 1}
            data-action={action ?? undefined}
            aria-haspopup={action && action !== "start_date" && action !== "due_date" ? "menu" : undefined}
            tabIndex={tabIndex(index + 1)}
            className={`${cellClass} ${action ? "cursor-pointer" : ""}`}
            style={{ scrollMarginLeft: ISSUE_COLUMN }}
          >
            {column.property === "cycle" || column.property === "module" ? (
              <PlanCell issue={issue} property={column.property} />
            ) : (
              <IssueProperty issue={issue} property={column.property} showNames inert />
            )}
          </td>
        );
      })}
    </tr>
  );
});

/** The row before or after `row` among the drawn rows (spacers between them are skipped). */
function rowBeside(row: Element, step: 1 | -1): Element | null {
  let next = step > 0 ? row.nextElementSibling : row.previousElementSibling;
  while (next && !(next as HTMLElement).dataset.issueId) next = step > 0 ? next.nextElementSibling : next.previousElementSibling;
  return next;
}

function cellOf(row: Element | null, column: number) {
  return row?.querySelector<HTMLElement>(`td[data-column="${column}"]`) ?? null;
}

/** Where a navigation key takes the focus from `cell`, or null when it is not one or leads nowhere. */
function cellFor(key: string, cell: HTMLElement, lastColumn: number): HTMLElement | null {
  const row = cell.closest("tr");
  const column = Number(cell.dataset.column);
  if (!row) return null;
  switch (key) {
    case "ArrowRight":
      return cellOf(row, Math.min(column + 1, lastColumn));
    case "ArrowLeft":
      return cellOf(row, Math.max(column - 1, 0));
    case "ArrowDown":
      return cellOf(rowBeside(row, 1), column);
    case "ArrowUp":
      return cellOf(rowBeside(row, -1), column);
    case "Home":
      return cellOf(row, 0);
    case "End":
      return cellOf(row, lastColumn);
    default:
      return null;
  }
}

/** Enter opens the cell's editor (or the issue, on the issue column); Space ticks the row. */
function activate(key: string, cell: HTMLElement) {
  if (key === "Enter") {
    const target = cell.dataset.action ? cell : cell.querySelector<HTMLElement>("a[data-issue-link]");
    target?.click();
    return Boolean(target);
  }
  if (key === " ") {
    const box = cell.querySelector<HTMLInputElement>('input[type="checkbox"]');
    box?.click();
    return Boolean(box);
  }
  return false;
}

function SpreadsheetGrid({ group }: { group: IssueGroup }) {
  const { properties } = useViewContext();
  const selection = useBulkSelection();
  const columns = useMemo(() => shownColumns(properties), [properties]);
  const template = useMemo(() => [ISSUE_COLUMN, ...columns.map((column) => `${column.width}px`)].join(" "), [columns]);
  const order = useMemo(() => group.issues.map((issue) => issue.id), [group.issues]);
  const [active, setActive] = useState<ActiveCell | null>(null);
  // Until a cell was focused, the first row's issue cell takes Tab into the grid.
  const activeIssue = active?.issueId ?? group.issues[0]?.id;
  const activeColumn = active ? Math.min(active.column, columns.length) : 0;

  const onKeyDown = useCallback(
    (event: React.KeyboardEvent<HTMLElement>) => {
      onSelectionKeys(selection, order, event);
      const cell = event.target as HTMLElement;
      if (event.defaultPrevented || cell.tagName !== "TD") return;
      const next = cellFor(event.key, cell, columns.length);
      if (next) {
        event.preventDefault();
        next.focus({ preventScroll: true });
        next.scrollIntoView({ block: "nearest", inline: "nearest" });
      } else if (activate(event.key, cell)) event.preventDefault();
    },
    [selection, order, columns.length],
  );

  return (
    <table
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a table whose cells are edited is a grid (the WAI-ARIA data grid).
      role="grid"
      aria-label="Issues"
      aria-rowcount={group.count + 1}
      aria-colcount={columns.length + 1}
      aria-multiselectable={selection ? true : undefined}
      className="block w-max min-w-full pb-24"
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        const cell = (event.target as HTMLElement).closest<HTMLElement>("td[data-column]");
        const issueId = cell?.closest<HTMLElement>("[data-issue-id]")?.dataset.issueId;
        if (cell && issueId) setActive({ issueId, column: Number(cell.dataset.column) });
      }}
    >
      <thead className="sticky top-0 z-20 block">
        <tr
          aria-rowindex={1}
          className="grid h-9 border-b border-neutral-200 bg-neutral-50 text-xs font-medium text-neutral-500"
          style={{ gridTemplateColumns: template }}
        >
          <th scope="col" className="sticky left-0 z-10 flex items-center border-r border-neutral-200 bg-neutral-50 pl-3 text-left font-medium">
            Issues
          </th>
          {columns.map((column) => (
            <th key={column.property} scope="col" className="flex items-center border-r border-neutral-200 px-2 text-left font-medium">
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <VirtualIssueList group={group} shape={SPREADSHEET_ROWS} className="block">
        {(issue, slot) => (
          <SpreadsheetRow
            key={issue.id}
            issue={issue}
            slot={slot}
            order={order}
            columns={columns}
            template={template}
            activeColumn={issue.id === activeIssue ? activeColumn : null}
          />
        )}
      </VirtualIssueList>
    </table>
  );
}

export default function SpreadsheetLayout({ group }: { group: IssueGroup }) {
  const { canEdit } = useViewContext();
  const planNames = usePlanNames();
  return (
    <BulkSelectionProvider enabled={canEdit}>
      <PlanNames.Provider value={planNames}>
        <SpreadsheetGrid group={group} />
      </PlanNames.Provider>
    </BulkSelectionProvider>
  );
}
