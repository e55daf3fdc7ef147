// State-group and priority glyphs for issue rows, each in its group's or priority's colour. Their
// shapes are symbols of app/assets/issue-glyphs.svg drawn in currentColor: a row carries a
// reference and its colour, not the shapes.
import glyphs from "../assets/issue-glyphs.svg";

export type StateGroup = "backlog" | "unstarted" | "started" | "completed" | "cancelled";
export type Priority = "urgent" | "high" | "medium" | "low" | "none";

const STATE_GROUPS: readonly string[] = ["backlog", "unstarted", "started", "completed", "cancelled"];

/** A glyph of the sprite in `color` (its shapes draw in currentColor). */
function Glyph({ name, color, size }: { name: string; color: string; size: number }) {
  return (
    <svg width={size} height={size} aria-hidden="true" style={{ color }}>
      <use href={`${glyphs}#${name}`} />
    </svg>
  );
}

/** The state group's glyph in the state's colour; a group it does not know draws as cancelled. */
export function StateGroupIcon({ group, color, size = 14 }: { group: string; color: string; size?: number }) {
  return <Glyph name={`state-${STATE_GROUPS.includes(group) ? group : "cancelled"}`} color={color} size={size} />;
}

export const PRIORITY_LABELS: Record<Priority, string> = {
  urgent: "Urgent",
  high: "High",
  medium: "Medium",
  low: "Low",
  none: "No priority",
};

const PRIORITY_COLORS: Record<Priority, string> = {
  urgent: "#ff0000",
  high: "#dc2626",
  medium: "#f97316",
  low: "#22c55e",
  none: "#a3a3a3",
};

export function PriorityIcon({ priority, size = 14 }: { priority: string; size?: number }) {
  const p = (priority in PRIORITY_COLORS ? priority : "none") as Priority;
  return <Glyph name={`priority-${p}`} color={PRIORITY_COLORS[p]} size={size} />;
}
