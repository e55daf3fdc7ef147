// Drag and drop with sortablejs, loaded only in the browser and only when the pointer first comes
// near the board (it is not part of the page's first JavaScript). Every group's container is a
// <SortableList>; sortablejs moves DOM nodes, so each drop is put back before React re-renders
// the move from state (React must stay the only owner of the DOM it rendered).
import type SortableType from "sortablejs";
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";

type SortableClass = typeof SortableType;

let loading: Promise<SortableClass> | null = null;

/** The sortablejs class, imported once on demand. */
export function loadSortable(): Promise<SortableClass> {
  loading ??= import("sortablejs").then((module) => module.default);
  return loading;
}

export interface DropDetails {
  issueId: string;
  fromKey: string;
  toKey: string;
  /** Position among the target list's issues after the drop. */
  index: number;
}

export interface DndHandlers {
  onStart(issueId: string, fromKey: string): void;
  onEnd(): void;
  onDrop(details: DropDetails): void;
}

interface DndContextValue {
  Sortable: SortableClass | null;
  enabled: boolean;
  /** Reordering inside a list (only under Manual order); moving between lists is always allowed. */
  sort: boolean;
  handlers: React.MutableRefObject<DndHandlers>;
}

const DndContext = createContext<DndContextValue | null>(null);

export const TRASH_KEY = "__trash__";

/**
 * Provides sortablejs to the lists below once `enabled`; `load()` (call it on pointer entry)
 * imports the library. `ready` says when drags work (tests wait for it).
 */
export function useDnd(enabled: boolean, sort: boolean, handlers: DndHandlers) {
  const [Sortable, setSortable] = useState<SortableClass | null>(null);
  const latest = useRef(handlers);
  latest.current = handlers;
  const load = useCallback(() => {
    if (!enabled || Sortable) return;
    // A transition: the layout below may still be hydrating (the calendar and Gantt are lazy),
    // and an urgent update would make React drop its server HTML and log error 421.
    loadSortable()
      .then((loaded) => startTransition(() => setSortable(() => loaded)))
      .catch((error) => console.error("drag and drop could not load", error));
  }, [enabled, Sortable]);
  const value = useMemo<DndContextValue>(() => ({ Sortable, enabled, sort, handlers: latest }), [Sortable, enabled, sort]);
  return { value, load, ready: Boolean(Sortable) && enabled };
}

export function DndProvider({ value, children }: { value: DndContextValue; children: React.ReactNode }) {
  return <DndContext.Provider value={value}>{children}</DndContext.Provider>;
}

type ListTag = "div" | "ul" | "tbody";

/**
 * A container whose `[data-issue-id]` children can be dragged within it and to other lists of
 * the same `group`. `accept` only (the trash) never gives items away.
 */
export function SortableList({
  as: Tag = "div",
  groupKey,
  group = "issues",
  accept = false,
  className,
  children,
  elementRef,
  ...rest
}: {
  as?: ListTag;
  groupKey: string;
  group?: string;
  accept?: boolean;
  className?: string;
  children?: React.ReactNode;
  /** Told the list's element (a virtualised column scrolls it). */
  elementRef?: (element: HTMLElement | null) => void;
  "data-first-index"?: number;
} & Omit<React.HTMLAttributes<HTMLElement>, "className" | "children">) {
  const context = useContext(DndContext);
  const ref = useRef<HTMLElement | null>(null);
  const instance = useRef<SortableType | null>(null);
  const Sortable = context?.Sortable ?? null;
  const enabled = context?.enabled ?? false;
  const sort = context?.sort ?? false;
  const handlers = context?.handlers;
  const tellElement = useRef(elementRef);
  tellElement.current = elementRef;
  const setElement = useCallback((element: HTMLElement | null) => {
    ref.current = element;
    tellElement.current?.(element);
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!Sortable || !enabled || !element || !handlers) return;
    const created = Sortable.create(element, {
      group: accept ? { name: group, pull: false, put: true } : { name: group, pull: true, put: true },
      sort: accept ? false : sort,
      animation: 150,
      forceFallback: true,
      fallbackOnBody: true,
      fallbackTolerance: 3,
      draggable: "[data-issue-id]",
      // Property buttons and menus stay clickable; a press on them never starts a drag.
      filter: "[data-action]",
      preventOnFilter: false,
      ghostClass: "dnd-ghost",
      chosenClass: "dnd-chosen",
      fallbackClass: "dnd-fallback",
      onStart(event) {
        const id = (event.item as HTMLElement).dataset.issueId;
        if (id) handlers.current.onStart(id, groupKey);
      },
      onEnd(event) {
        const item = event.item as HTMLElement;
        const from = event.from as HTMLElement;
        const to = event.to as HTMLElement;
        const moved = from !== to || event.oldIndex !== event.newIndex;
        if (moved) {
          // Put the node back where React rendered it; the state change then moves it for real.
          item.parentNode?.removeChild(item);
          from.insertBefore(item, from.children[event.oldIndex ?? 0] ?? null);
        }
        handlers.current.onEnd();
        const issueId = item.dataset.issueId;
        const toKey = to.dataset.groupKey;
        if (!moved || !issueId || !toKey) return;
        // A virtualised list draws its issues from `data-first-index` on.
        const firstDrawn = Number(to.dataset.firstIndex ?? 0);
        handlers.current.onDrop({ issueId, fromKey: groupKey, toKey, index: firstDrawn + (event.newDraggableIndex ?? 0) });
      },
    });
    instance.current = created;
    return () => {
      created.destroy();
      instance.current = null;
    };
  }, [Sortable, enabled, group, accept, groupKey, handlers, sort]);

  useEffect(() => {
    if (instance.current && !accept) instance.current.option("sort", sort);
  }, [sort, accept]);

  return (
    <Tag
      ref={setElement as React.Ref<never>}
      data-group-key={groupKey}
      className={className}
      {...rest}
    >
      {children}
    </Tag>
  );
}
