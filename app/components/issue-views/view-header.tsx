// The views' header: the title, how many issues, and the controls (layout, filters, display, add).
import type { ReactNode } from "react";
import { IconPlus } from "~/components/icons";
import { buttonClass } from "~/components/ui";
import type { FilterKey, IssuePropertyKey, IssuePropertyToggles, ViewProps } from "~/lib/issue-display";
import type { IssueViewsData } from "./model";
import { DisplayMenu, FiltersMenu, LayoutButtons } from "./view-options";

interface ViewHeaderProps {
  title: string;
  total: number;
  props: ViewProps;
  toggles: IssuePropertyToggles;
  choices: IssueViewsData;
  canEdit: boolean;
  /** Extra controls at the start of the actions (a cycle's or module's panel toggle). */
  actions?: ReactNode;
  onChange(change: Partial<ViewProps>): void;
  onToggleFilter(key: FilterKey, value: string): void;
  onToggleProperty(key: IssuePropertyKey): void;
  onCreate(): void;
  onAddExisting?: () => void;
}

export function ViewHeader({ title, total, props, toggles, choices, canEdit, actions, onChange, onToggleFilter, onToggleProperty, onCreate, onAddExisting }: ViewHeaderProps) {
  return (
    <div className="flex min-h-12 shrink-0 flex-wrap items-center gap-x-3 gap-y-2 border-b border-neutral-200 px-4 py-2 sm:px-6">
      <h1 className="text-sm font-semibold text-neutral-900">{title}</h1>
      <span className="text-xs text-neutral-400" aria-live="polite">
        {total.toLocaleString("en-US")} issue{total === 1 ? "" : "s"}
      </span>
      <div className="ml-auto flex items-center gap-2">
        {actions}
        <LayoutButtons layout={props.issueView} onChange={(issueView) => onChange({ issueView })} />
        <FiltersMenu filters={props.filters} choices={choices} onToggle={onToggleFilter} />
        <DisplayMenu props={props} properties={toggles} onChange={onChange} onToggleProperty={onToggleProperty} />
        {canEdit && onAddExisting ? (
          <button type="button" onClick={onAddExisting} className={buttonClass("secondary", "sm")}>
            Add existing issues
          </button>
        ) : null}
        {canEdit ? (
          <button type="button" onClick={onCreate} className={buttonClass("primary", "sm")} aria-keyshortcuts="C">
            <IconPlus size={14} />
            Add Issue
          </button>
        ) : null}
      </div>
    </div>
  );
}
