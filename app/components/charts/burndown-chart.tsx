// A cycle's or module's burndown: "Pending Issues" and the legend, and the chart itself, whose
// code (uPlot) loads only when a chart is on screen. The numbers are also given as text for
// screen readers, since the chart is a canvas.
import { lazy, useEffect, useRef, useState } from "react";
import { Suspense } from "~/lib/suspense";
import type { Burndown } from "../../../workers/domain/schemas/issue-group-responses";

const BurndownPlot = lazy(() => import("./burndown-plot"));

export const BURNDOWN_WIDTH = 360;
export const BURNDOWN_HEIGHT = 160;

/** The last day with a Current value: today, or the last day once the span has ended. */
function lastCountedDay(burndown: Burndown) {
  for (let index = burndown.current.length - 1; index >= 0; index--) {
    if (burndown.current[index] !== null) return { day: burndown.days[index], ideal: burndown.ideal[index] };
  }
  return null;
}

export function BurndownChart({
  burndown,
  width,
  height = BURNDOWN_HEIGHT,
}: {
  burndown: Burndown;
  /** Fixed width in px; without it the chart fills its container (360 px until measured). */
  width?: number;
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [measured, setMeasured] = useState(width ?? BURNDOWN_WIDTH);
  useEffect(() => {
    if (width !== undefined || !box.current) return;
    const element = box.current;
    const observer = new ResizeObserver(([entry]) => setMeasured(Math.max(160, Math.floor(entry.contentRect.width))));
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);
  const last = lastCountedDay(burndown);
  const plotWidth = width ?? measured;
  return (
    <figure className="min-w-0" aria-label="Burndown chart">
      <figcaption className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-neutral-600">
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-0 w-4 border-t-2 border-dashed border-neutral-500" aria-hidden="true" />
          Ideal
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-4 bg-brand-500" aria-hidden="true" />
          Current
        </span>
        <span className="ml-auto font-medium text-neutral-800" data-testid="pending-issues">
          Pending Issues: {burndown.pending}
        </span>
      </figcaption>
      <div ref={box} style={{ height, width: width ?? "100%" }} className="overflow-hidden">
        <Suspense fallback={<div className="h-full w-full animate-pulse rounded bg-neutral-100" />}>
          <BurndownPlot burndown={burndown} width={plotWidth} height={height} />
        </Suspense>
      </div>
      <p className="sr-only">
        {last
          ? `${burndown.pending} of ${burndown.scope} issues pending on ${last.day}; the ideal line is at ${last.ideal} that day.`
          : `${burndown.scope} issues in scope; nothing to chart yet.`}
      </p>
    </figure>
  );
}
