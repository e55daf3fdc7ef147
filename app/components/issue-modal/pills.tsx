// The issue form's pill look, and its date pill (a labelled native date input).
import { IconCalendar } from "../icons";

export const pill =
  "inline-flex h-7 max-w-48 items-center gap-1.5 rounded-md border border-neutral-200 bg-surface px-2 text-xs text-neutral-700 hover:bg-neutral-50 disabled:cursor-not-allowed disabled:opacity-60";

export function DatePill({ label, name, value, onChange }: { label: string; name: string; value: string; onChange(value: string): void }) {
  return (
    <label className={`${pill} cursor-pointer`}>
      <IconCalendar size={12} />
      <span className="text-neutral-500">{label}</span>
      <input
        type="date"
        name={name}
        value={value}
        aria-label={label}
        onChange={(event) => onChange(event.target.value)}
        className={`w-[6.9rem] bg-transparent text-xs outline-none ${value ? "text-neutral-800" : "text-neutral-400"}`}
      />
    </label>
  );
}
