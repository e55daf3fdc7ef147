// State-group and priority glyphs for issue rows, each in its group's or priority's colour.

export type StateGroup = "backlog" | "unstarted" | "started" | "completed" | "cancelled";
export type Priority = "urgent" | "high" | "medium" | "low" | "none";

export function StateGroupIcon({ group, color, size = 14 }: { group: string; color: string; size?: number }) {
  const common = { width: size, height: size, viewBox: "0 0 16 16", "aria-hidden": true as const, fill: "none" };
  switch (group) {
    case "backlog":
      return (
        <svg {...common}>
          <circle cx="8" cy="8" r="6.25" stroke={color} strokeWidth="1.5" strokeDasharray="2.2 2" />
        </svg>
      );
    case "unstarted":
      return (
        <svg {...common}>
          <circle cx="8" cy="8" r="6.25" stroke={color} strokeWidth="1.5" />
        </svg>
      );
    case "started":
      return (
        <svg {...common}>
          <circle cx="8" cy="8" r="6.25" stroke={color} strokeWidth="1.5" />
          <path d="M8 4a4 4 0 0 1 0 8z" fill={color} />
        </svg>
      );
    case "completed":
      return (
        <svg {...common}>
          <circle cx="8" cy="8" r="7" fill={color} />
          <path d="m5 8.2 2 2 4-4.2" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      );
    default:
      return (
        <svg {...common}>
          <circle cx="8" cy="8" r="7" fill={color} />
          <path d="m5.6 5.6 4.8 4.8m0-4.8-4.8 4.8" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      );
  }
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
  const color = PRIORITY_COLORS[p];
  const common = { width: size, height: size, viewBox: "0 0 16 16", "aria-hidden": true as const };
  if (p === "urgent") {
    return (
      <svg {...common}>
        <rect x="1.5" y="1.5" width="13" height="13" rx="3" fill={color} />
        <path d="M8 4.5v4.2M8 11.2v.3" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
    );
  }
  if (p === "none") {
    return (
      <svg {...common}>
        <path d="M3 8h2.2M6.9 8h2.2M10.8 8H13" stroke={color} strokeWidth="1.6" strokeLinecap="round" />
      </svg>
    );
  }
  const bars = p === "high" ? 3 : p === "medium" ? 2 : 1;
  return (
    <svg {...common}>
      {[0, 1, 2].map((index) => (
        <rect
          key={index}
          x={2.5 + index * 4}
          y={10 - index * 3}
          width="3"
          height={4 + index * 3}
          rx="1"
          fill={index < bars ? color : "#e5e5e5"}
        />
      ))}
    </svg>
  );
}
