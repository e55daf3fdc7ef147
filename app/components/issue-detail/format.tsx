// Small formatting rules of the issue page and a hydration-safe "time ago".
import { useEffect, useState } from "react";
import { formatDate, timeAgo } from "../../../workers/domain/schemas/dates";

export const issueKey = (identifier: string, sequenceId: number) => `${identifier}-${sequenceId}`;

const MB = 1024 * 1024;

/** Under 1 MB in KB, otherwise MB. */
export function formatFileSize(bytes: number) {
  if (bytes < MB) return `${(bytes / 1024).toFixed(2)} KB`;
  return `${(bytes / MB).toFixed(2)} MB`;
}

/** Completed plus cancelled over total, capped at 100, as a whole percent. */
export function progressPercent(done: number, total: number) {
  if (total <= 0) return 0;
  return Math.min(100, Math.round((done / total) * 100));
}

/** 'n Point(s)' unless the project uses an estimate, whose point value is shown instead. */
export function estimateLabel(value: number | null | undefined, points: { key: number; value: string }[] | null) {
  if (value === null || value === undefined) return null;
  if (points) return points.find((point) => point.key === value)?.value ?? String(value);
  return `${value} Point${value === 1 ? "" : "s"}`;
}

/** The date on the server and in the first browser render, then "3 minutes ago". */
export function TimeAgo({ iso }: { iso: string }) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time dateTime={iso} title={formatDate(iso)}>
      {now === null ? formatDate(iso) : timeAgo(iso, now)}
    </time>
  );
}

export function Avatar({ name, size = "sm" }: { name: string; size?: "xs" | "sm" | "md" }) {
  const sizing = size === "xs" ? "size-4 text-[8px]" : size === "sm" ? "size-5 text-[10px]" : "size-7 text-xs";
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center rounded-full bg-zinc-700 font-medium text-white uppercase ${sizing}`}
    >
      {name.slice(0, 1)}
    </span>
  );
}
