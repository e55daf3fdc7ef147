// The kanban layout: one column per group, 96 units wide, cards with the
// name cut at 100 characters and clamped to 3 lines.
import { memo } from "react";
import { KANBAN_COLUMN_CLASS, TITLE_MAX, type OrderBy, } from "~/lib/issue-display";
import { type IssueGroup, type ViewIssue, isPendingIssue, issueKey } from "./model";
import { DragGrip, GroupIcon, IssueProperties, MenuButton, OrderedByNotice, IssueLink, useViewContext } from "./parts";
import { type CardSlot, KANBAN_COLUMN, VirtualIssueList } from "./progressive";

const KanbanCard = memo(function KanbanCard({ issue, slot }: { issue: ViewIssue; slot: CardSlot }) {
  const { identifier, properties, canEdit, canDrag } = useViewContext();
  // Sent and not yet answered: nothing to act on until the server has it.
  const pending = isPendingIssue(issue);
  return (
    <div
      ref={slot.measure}
      data-index={slot.index}
      data-issue-id={issue.id}
      aria-busy={pending || undefined}
      className={`group rounded-lg border border-neutral-200 bg-surface p-3 shadow-xs aria-busy:opacity-60 transition-shadow hover:border-neutral-300 hover:shadow-sm ${
        canDrag ? "cursor-grab active:cursor-grabbing" : ""
      }`}
    >
      <div className="flex h-5 items-center gap-1.5">
        {canDrag ? <DragGrip /> : null}
        {properties.key ? <span className="text-xs font-medium text-neutral-400">{issueKey(identifier, issue)}</span> : null}
        {canEdit && !pending ? <MenuButton issue={issue} identifier={identifier} /> : null}
      </div>
      <IssueLink
        issue={issue}
        max={TITLE_MAX.kanban}
        className="mt-1 line-clamp-3 text-sm leading-snug font-medium text-neutral-800 break-words hover:text-neutral-950"
      />
      <div className="mt-2.5 flex flex-wrap items-center gap-1.5 empty:hidden">
        <IssueProperties issue={issue} showNames={false} />
      </div>
    </div>
  );
});

export function KanbanLayout({
  groups,
  orderBy,
  dragFrom,
}: {
  groups: IssueGroup[];
  orderBy: OrderBy;
  dragFrom: string | null;
}) {
  return (
    <div className="flex h-full min-h-0 gap-3 overflow-x-auto bg-neutral-50 p-4 sm:px-6">
      {groups.map((group) => {
        const headingId = `column-${group.key}`;
        return (
          <section
            key={group.key}
            aria-labelledby={headingId}
            className={`${KANBAN_COLUMN_CLASS} flex h-full min-h-0 shrink-0 flex-col rounded-lg bg-neutral-100/80`}
          >
            <div className="flex h-10 shrink-0 items-center gap-2 px-3">
              <GroupIcon header={group.header} />
              <h2 id={headingId} className="truncate text-sm font-medium text-neutral-800">
                {group.name}
              </h2>
              <span className="rounded-full bg-surface px-1.5 text-xs font-medium text-neutral-500 ring-1 ring-neutral-200">
                {group.count.toLocaleString("en-US")}
              </span>
            </div>
            <OrderedByNotice groupKey={group.key} dragFrom={dragFrom} orderBy={orderBy} className="px-2 pb-2" />
            <VirtualIssueList group={group} shape={KANBAN_COLUMN} className="flex min-h-24 flex-1 flex-col gap-2 overflow-y-auto px-2 pb-3">
              {(issue, slot) => <KanbanCard key={issue.id} issue={issue} slot={slot} />}
            </VirtualIssueList>
          </section>
        );
      })}
    </div>
  );
}
