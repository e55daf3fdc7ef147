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

/** Assumed height of the box before it is measured: a tall window's worth of rows. */
const UNMEASURED_HEIGHT = 1200;

/**
 * The rows of `count` to render inside `scroller`, whose content starts `offset` pixels above the
 * first row (a sticky header, say).
 */
export function useWindowedRows(scroller: RefObject<HTMLElement | null>, count: number, rowHeight: number, offset = 0, overscan = 8) {
  const [view, setView] = useState({ top: 0, height: UNMEASURED_HEIGHT });
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const top = Math.max(0, element.scrollTop - offset);
      const height = element.clientHeight;
      setView((old) => (old.top === top && old.height === height ? old : { top, height }));
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
  }, [scroller, offset]);
  return rowWindow(count, rowHeight, view, overscan);
}
