// The search box of lists inside dialogs and pickers: a magnifier and a borderless input in one
// bordered box that lights up while it has the focus.
import { IconSearch } from "../icons";

/** A labelled search input; `className` sizes the box (height, padding, focus ring). */
export function SearchField({
  value,
  onChange,
  placeholder,
  label,
  className = "",
}: {
  value: string;
  onChange(value: string): void;
  placeholder: string;
  label: string;
  className?: string;
}) {
  return (
    <label className={`flex items-center gap-2 rounded-md border border-neutral-200 focus-within:border-brand-500 ${className}`}>
      <IconSearch size={14} className="shrink-0 text-neutral-400" />
      <input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        aria-label={label}
        className="h-8 min-w-0 flex-1 bg-transparent text-sm text-neutral-900 outline-none placeholder:text-neutral-500"
      />
    </label>
  );
}
