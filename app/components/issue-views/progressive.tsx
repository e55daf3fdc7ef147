// Long groups render in steps. The server (and the first client render, which must match it for
// hydration) draws the first FIRST_RENDER_PER_GROUP issues of each group: more than a screen holds.
// A sentinel after the last drawn issue asks for the next step when it comes within a screen of
// the viewport. A project of 1,000 issues then costs a few hundred cards of HTML, not 1,000.
import { type ReactNode, useEffect, useRef, useState } from "react";
import { SortableList } from "./dnd";
import type { IssueGroup, ViewIssue } from "./model";

export const FIRST_RENDER_PER_GROUP = 50;
const STEP = 100;

/** How many of `total` items to draw, and the sentinel element that asks for more. */
export function useProgressiveCount(total: number, as: "li" | "div" = "div") {
  const [limit, setLimit] = useState(FIRST_RENDER_PER_GROUP);
  const sentinel = useRef<HTMLElement | null>(null);
  const more = total > limit;
  // biome-ignore lint/correctness/useExhaustiveDependencies: observe afresh after each step, so a sentinel still in view fires again.
  useEffect(() => {
    const element = sentinel.current;
    if (!more || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setLimit((current) => current + STEP);
      },
      { rootMargin: "800px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [more, limit]);
  const Tag = as;
  // Not an issue (no data-issue-id): drag and drop ignores it and drop indexes stay right, since
  // the drawn issues are always the first ones of the group.
  const marker = more ? (
    <Tag
      ref={(element: HTMLElement | null) => {
        sentinel.current = element;
      }}
      aria-hidden="true"
      data-more-issues={total - limit}
      className="h-px shrink-0"
    />
  ) : null;
  return { count: Math.min(total, limit), marker };
}

/** A group's issues as a sortable list (cards or rows), drawn in steps as it scrolls into view. */
export function ProgressiveIssueList({
  group,
  as = "div",
  className,
  children: renderIssue,
}: {
  group: IssueGroup;
  as?: "div" | "ul";
  className: string;
  children(issue: ViewIssue): ReactNode;
}) {
  const { count, marker } = useProgressiveCount(group.issues.length, as === "ul" ? "li" : "div");
  return (
    <SortableList as={as} groupKey={group.key} className={className}>
      {group.issues.slice(0, count).map(renderIssue)}
      {marker}
    </SortableList>
  );
}
