// The on/off switch of settings and wizard options.
/** A switch named by the element `labelledBy` points at; clicking it asks for the other value. */
export function Switch({
  checked,
  labelledBy,
  disabled,
  onChange,
}: {
  checked: boolean;
  labelledBy: string;
  disabled?: boolean;
  onChange(value: boolean): void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60 ${
        checked ? "bg-brand-600" : "bg-neutral-400"
      }`}
    >
      <span className={`inline-block size-4 rounded-full bg-white shadow transition-transform ${checked ? "translate-x-4.5" : "translate-x-0.5"}`} />
    </button>
  );
}
