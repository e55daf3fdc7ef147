// Renders only the rows of a long list that are in (or near) sight of its scrolling box, so a
// thousand rows cost about as much as the forty on screen. Rows have one fixed height; the list
// keeps its full height so the scrollbar reads true. Before the box is measured (the server's
// render, the first paint) the first screenful is shown.
import { type RefObject, useEffect, useState } from "react";

/** Which rows to render: from `first` up to but not including `last`. */
export function rowWindow(
  count: number,
  rowHeight: number,
  view: { top: number; height: number },
  overscan: number,
): { first: number; last: number } {
  const first = Math.max(0, Math.floor(view.top / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((view.top + view.height) / rowHeight) + overscan);
  return { first, last: Math.max(first, last) };
}

/**
 * Assumed height of the box before it is measured: about a screen, as the issue views' other
 * layouts draw first (rows past it appear once the box is measured, right after hydration).
 */
const UNMEASURED_HEIGHT = 800;

/** One axis of a scrolling box: how far it is scrolled, and how much of it is in sight. */
export interface ScrollSpan {
  offset: number;
  size: number;
}

/**
 * `scroller`'s scroll offset and client size along `axis`, read when it mounts and again (once a
 * frame) on each scroll and resize that changes them; `initial` until the first read.
 */
export function useScrollSpan(scroller: RefObject<HTMLElement | null>, axis: "x" | "y", initial: ScrollSpan): ScrollSpan {
  const [span, setSpan] = useState(initial);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const offset = axis === "y" ? element.scrollTop : element.scrollLeft;
      const size = axis === "y" ? element.clientHeight : element.clientWidth;
      setSpan((old) => (old.offset === offset && old.size === size ? old : { offset, size }));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    element.addEventListener("scroll", schedule, { passive: true });
    const resize = new ResizeObserver(schedule);
    resize.observe(element);
    return () => {
      element.removeEventListener("scroll", schedule);
      resize.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [scroller, axis]);
  return span;
}

const UNMEASURED: ScrollSpan = { offset: 0, size: UNMEASURED_HEIGHT };

/**
 * The rows of `count` to render inside `scroller`, whose content starts `offset` pixels above the
 * first row (a sticky header, say).
 */
export function useWindowedRows(scroller: RefObject<HTMLElement | null>, count: number, rowHeight: number, offset = 0, overscan = 8) {
  const span = useScrollSpan(scroller, "y", UNMEASURED);
  // Nothing scrolls before the box is measured, so the first screen needs no rows beyond it.
  const margin = span === UNMEASURED ? 0 : overscan;
  return rowWindow(count, rowHeight, { top: Math.max(0, span.offset - offset), height: span.size }, margin);
}
