// Choosing several issues of the list at once, as in Linear and Plane: a checkbox per row,
// Shift+click selects the range from the last one chosen within its group, Ctrl/Cmd+A inside a
// group selects the whole group, Escape clears. The bar that edits them loads on the first choice.
import { type ReactNode, createContext, lazy, useCallback, useContext, useMemo, useRef, useState } from "react";
import { Suspense } from "~/lib/suspense";

const BulkEditBar = lazy(() => import("./bulk-edit-bar"));

interface BulkSelection {
  selected: ReadonlySet<string>;
  /** Flips one issue; with `range`, selects every issue of `order` between the last choice and it. */
  toggle(issueId: string, order: readonly string[], range: boolean): void;
  selectAll(issueIds: readonly string[]): void;
  clear(): void;
}

const BulkSelectionContext = createContext<BulkSelection | null>(null);

/** The selection, or null where the list offers none (readers, other layouts). */
export const useBulkSelection = () => useContext(BulkSelectionContext);

export function BulkSelectionProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const anchor = useRef<string | null>(null);
  const toggle = useCallback((issueId: string, order: readonly string[], range: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      const from = anchor.current === null ? -1 : order.indexOf(anchor.current);
      const to = order.indexOf(issueId);
      if (range && from >= 0 && to >= 0) {
        for (const id of order.slice(Math.min(from, to), Math.max(from, to) + 1)) next.add(id);
      } else if (next.has(issueId)) next.delete(issueId);
      else next.add(issueId);
      return next;
    });
    anchor.current = issueId;
  }, []);
  const selectAll = useCallback((issueIds: readonly string[]) => setSelected((current) => new Set([...current, ...issueIds])), []);
  const clear = useCallback(() => {
    anchor.current = null;
    setSelected(new Set());
  }, []);
  const value = useMemo(() => ({ selected, toggle, selectAll, clear }), [selected, toggle, selectAll, clear]);
  if (!enabled) return <>{children}</>;
  return (
    <BulkSelectionContext.Provider value={value}>
      {children}
      {selected.size > 0 ? (
        <Suspense fallback={null}>
          <BulkEditBar selected={[...selected]} onDone={clear} />
        </Suspense>
      ) : null}
    </BulkSelectionContext.Provider>
  );
}

/**
 * The keys of a selection's scope (a list group, the spreadsheet): Ctrl/Cmd+A takes every issue of
 * `order`, Escape lets the chosen ones go. Typing in a text field keeps its own keys.
 */
export function onSelectionKeys(selection: BulkSelection | null, order: readonly string[], event: React.KeyboardEvent) {
  if (!selection || (event.target as HTMLElement).matches("input[type=text], textarea, [contenteditable=true]")) return;
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "a") {
    event.preventDefault();
    selection.selectAll(order);
  } else if (event.key === "Escape" && selection.selected.size > 0) {
    selection.clear();
  }
}

/**
 * A row's checkbox: `order` is its group's issues as shown, for Shift+click ranges. `tabIndex` -1
 * where the row's cell takes the focus instead (the spreadsheet's grid).
 */
export function SelectBox({ issueId, label, order, tabIndex }: { issueId: string; label: string; order: readonly string[]; tabIndex?: number }) {
  const selection = useBulkSelection();
  if (!selection) return null;
  const checked = selection.selected.has(issueId);
  return (
    <input
      type="checkbox"
      aria-label={`Select ${label}`}
      checked={checked}
      tabIndex={tabIndex}
      onChange={() => undefined}
      onClick={(event) => selection.toggle(issueId, order, event.shiftKey)}
      className={`size-3.5 shrink-0 accent-brand-600 ${checked || selection.selected.size > 0 ? "" : "opacity-0 group-hover:opacity-100 focus-visible:opacity-100"}`}
    />
  );
}
