// The list layout: one section per group (or one plain list), rows with inline properties.
// Issue names are cut at 50 characters in list rows.
import { memo, useMemo } from "react";
import { BulkSelectionProvider, SelectBox, onSelectionKeys, useBulkSelection } from "./bulk-selection";
import { TITLE_MAX, type OrderBy, } from "~/lib/issue-display";
import { type IssueGroup, type ViewIssue, isPendingIssue, issueKey } from "./model";
import { DragGrip, GroupIcon, IssueProperties, MenuButton, OrderedByNotice, IssueLink, useViewContext } from "./parts";
import { type CardSlot, LIST_SECTION, VirtualIssueList } from "./progressive";

const ListRow = memo(function ListRow({ issue, slot, order }: { issue: ViewIssue; slot: CardSlot; order: readonly string[] }) {
  const { identifier, properties, canEdit, canDrag } = useViewContext();
  // Sent and not yet answered: nothing to act on until the server has it.
  const pending = isPendingIssue(issue);
  const key = issueKey(identifier, issue);
  return (
    <li
      ref={slot.measure}
      data-index={slot.index}
      data-issue-id={issue.id}
      aria-busy={pending || undefined}
      className="group flex h-11 items-center gap-2 border-b border-neutral-100 bg-surface aria-busy:opacity-60 pr-3 pl-2 hover:bg-neutral-50 sm:pr-5 sm:pl-4"
    >
      {canEdit ? <SelectBox issueId={issue.id} label={key} order={order} /> : null}
      {canDrag ? <DragGrip /> : <span className="w-3.5 shrink-0" />}
      {properties.key ? <span className="w-16 shrink-0 text-xs font-medium text-neutral-400">{key}</span> : null}
      <IssueLink issue={issue} max={TITLE_MAX.list} className="min-w-0 flex-1 truncate text-sm text-neutral-800 hover:text-neutral-950" />
      <div className="flex shrink-0 items-center gap-1.5">
        <IssueProperties issue={issue} showNames />
      </div>
      {canEdit && !pending ? <MenuButton issue={issue} identifier={identifier} /> : null}
    </li>
  );
});

// A grouped list says "No issues" under an empty group's heading.
const EMPTY_GROUP_CLASS =
  "empty:after:block empty:after:px-6 empty:after:py-2.5 empty:after:text-xs empty:after:text-neutral-400 empty:after:content-['No_issues']";

export default function ListLayout({
  groups,
  grouped,
  orderBy,
  dragFrom,
}: {
  groups: IssueGroup[];
  grouped: boolean;
  orderBy: OrderBy;
  /** The group an issue is being dragged from, if any. */
  dragFrom: string | null;
}) {
  const { canEdit } = useViewContext();
  return (
    <BulkSelectionProvider enabled={canEdit}>
      <div className="min-h-full bg-surface pb-24">
        {groups.map((group) => (
          <ListSection key={group.key} group={group} grouped={grouped} orderBy={orderBy} dragFrom={dragFrom} />
        ))}
      </div>
    </BulkSelectionProvider>
  );
}

/** One group of the list; Ctrl/Cmd+A inside it selects the group, Escape clears the selection. */
function ListSection({ group, grouped, orderBy, dragFrom }: { group: IssueGroup; grouped: boolean; orderBy: OrderBy; dragFrom: string | null }) {
  const selection = useBulkSelection();
  const order = useMemo(() => group.issues.map((issue) => issue.id), [group.issues]);
  const headingId = `group-${group.key}`;
  return (
    <section
      aria-labelledby={grouped ? headingId : undefined}
      aria-label={grouped ? undefined : "Issues"}
      onKeyDown={(event) => onSelectionKeys(selection, order, event)}
    >
      {grouped ? (
        <div className="sticky top-0 z-10 flex h-10 items-center gap-2 border-b border-neutral-200 bg-neutral-50/95 px-4 backdrop-blur sm:px-6">
          <GroupIcon header={group.header} />
          <h2 id={headingId} className="text-sm font-medium text-neutral-800">
            {group.name}
          </h2>
          <span className="rounded-full bg-neutral-200/70 px-1.5 text-xs font-medium text-neutral-600">{group.count.toLocaleString("en-US")}</span>
        </div>
      ) : null}
      <OrderedByNotice groupKey={group.key} dragFrom={dragFrom} orderBy={orderBy} className="px-4 py-2 sm:px-6" />
      <VirtualIssueList group={group} shape={LIST_SECTION} className={`min-h-9 ${grouped ? EMPTY_GROUP_CLASS : ""}`}>
        {(issue, slot) => <ListRow key={issue.id} issue={issue} slot={slot} order={order} />}
      </VirtualIssueList>
    </section>
  );
}
