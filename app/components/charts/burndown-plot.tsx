// The burndown drawn with uPlot, loaded only where a chart is shown (BurndownChart lazy-loads this
// module, and uPlot with it). Days are x; "Ideal" is a dashed line, "Current" an area that stops
// at today. Colours come from the theme's CSS variables, read when the chart is drawn, so light,
// dark and custom themes all apply.
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { Burndown } from "../../../workers/domain/schemas/issue-group-responses";

const DAY_SECONDS = 86_400;
const secondsOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

function themeColor(element: Element, name: string, fallback: string) {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

function optionsFor(element: HTMLElement, burndown: Burndown, width: number, height: number): uPlot.Options {
  const brand = themeColor(element, "--color-brand-500", "#3f76ff");
  const muted = themeColor(element, "--color-neutral-500", "#616161");
  const grid = themeColor(element, "--color-neutral-200", "#e5e5e5");
  const axis: uPlot.Axis = {
    stroke: muted,
    grid: { stroke: grid, width: 1 },
    ticks: { stroke: grid, width: 1 },
    font: "11px Inter, ui-sans-serif, system-ui, sans-serif",
  };
  return {
    width,
    height,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 6 } },
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max))] } },
    axes: [
      { ...axis, space: 48, values: (_u, splits) => splits.map((s) => shortDay(s)) },
      { ...axis, size: 32, values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? String(s) : "")) },
    ],
    series: [
      {},
      { label: "Ideal", stroke: muted, width: 1.5, dash: [5, 4], points: { show: false } },
      { label: "Current", stroke: brand, width: 2, fill: `${brand}33`, points: { show: burndown.days.length <= 31 }, spanGaps: false },
    ],
  };
}

function shortDay(seconds: number) {
  return new Date(seconds * 1000).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}

export default function BurndownPlot({ burndown, width, height }: { burndown: Burndown; width: number; height: number }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const xs = burndown.days.map(secondsOf);
    // A one-day span still needs two points to draw a line.
    if (xs.length === 1) xs.push(xs[0] + DAY_SECONDS);
    const pad = <T,>(values: T[]) => (values.length === 1 ? [...values, values[0]] : values);
    const data: uPlot.AlignedData = [xs, pad(burndown.ideal), pad(burndown.current)];
    const plot = new uPlot(optionsFor(element, burndown, width, height), data, element);
    // Redraw with the new colours when the theme changes (the html element's class or style).
    const observer = new MutationObserver(() => {
      plot.destroy();
      observer.disconnect();
      element.replaceChildren();
      const again = new uPlot(optionsFor(element, burndown, width, height), data, element);
      cleanup = () => again.destroy();
    });
    let cleanup = () => plot.destroy();
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class", "style"] });
    return () => {
      observer.disconnect();
      cleanup();
    };
  }, [burndown, width, height]);
  return <div ref={host} aria-hidden="true" />;
}
