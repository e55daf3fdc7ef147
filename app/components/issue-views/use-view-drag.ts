// Dragging cards: dropped on another group it takes that group's value (state, priority, ...);
// in manual order it takes a sort order between its new neighbours; on the calendar it takes the
// day as its due date; on the trash zone it asks to be deleted.
import { type MutableRefObject, useState } from "react";
import { type GroupBy, type ViewProps, sortOrderForDrop } from "~/lib/issue-display";
import { type DropDetails, TRASH_KEY, useDnd } from "./dnd";
import { type IssueGroup, type IssuePatch, type ViewIssue, groupChangePatch } from "./model";

interface ViewDragInput {
  canDrag: boolean;
  layout: ViewProps["issueView"];
  groupBy: GroupBy | null;
  /** The display orders by hand (sort_order): a drop places the card between its neighbours. */
  manual: boolean;
  byId: Map<string, ViewIssue>;
  latestGroups: MutableRefObject<IssueGroup[]>;
  updateIssue(issue: ViewIssue, patch: IssuePatch): void;
  onDelete(issue: ViewIssue): void;
  /** A drag began (menus close). */
  onStart(): void;
}

export function useViewDrag({ canDrag, layout, groupBy, manual, byId, latestGroups, updateIssue, onDelete, onStart }: ViewDragInput) {
  const [drag, setDrag] = useState<{ issueId: string; fromKey: string } | null>(null);

  const onDrop = (details: DropDetails) => {
    const issue = byId.get(details.issueId);
    if (!issue) return;
    if (details.toKey === TRASH_KEY) {
      onDelete(issue);
      return;
    }
    if (layout === "calendar") {
      if (details.toKey !== issue.target_date) updateIssue(issue, { target_date: details.toKey });
      return;
    }
    const patch: IssuePatch = {};
    if (details.fromKey !== details.toKey) Object.assign(patch, groupChangePatch(groupBy, details.toKey));
    if (manual) {
      const target = latestGroups.current.find((group) => group.key === details.toKey);
      const others = (target?.issues ?? []).filter((other) => other.id !== issue.id).map((other) => other.sort_order);
      const sortOrder = sortOrderForDrop(others, details.index, issue.sort_order);
      if (sortOrder !== issue.sort_order) patch.sort_order = sortOrder;
    }
    if (Object.keys(patch).length > 0) updateIssue(issue, patch);
  };

  const dnd = useDnd(canDrag, layout !== "calendar" && manual, {
    onStart: (issueId, fromKey) => {
      onStart();
      setDrag({ issueId, fromKey });
    },
    onEnd: () => setDrag(null),
    onDrop,
  });
  return { dnd, drag };
}
