// The issue form's pill look, and its date pill (a labelled native date input).
import { IconCalendar } from "../icons";

const pillBox =
  "inline-flex h-7 items-center gap-1.5 rounded-md border border-neutral-200 bg-surface px-2 text-xs text-neutral-700 hover:bg-neutral-50 disabled:cursor-not-allowed disabled:opacity-60";

/** A picker's pill: a long value is cut short. */
export const pill = `${pillBox} max-w-48`;

/** A date pill is as wide as its label and the date field: its label never breaks onto two lines. */
export function DatePill({ label, name, value, onChange }: { label: string; name: string; value: string; onChange(value: string): void }) {
  return (
    <label className={`${pillBox} shrink-0 cursor-pointer`}>
      <IconCalendar size={12} />
      <span className="whitespace-nowrap text-neutral-500">{label}</span>
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
