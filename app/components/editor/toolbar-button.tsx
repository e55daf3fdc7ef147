// One button of the editor's formatting toolbar, and the icon frame its glyphs are drawn in.

/** A toolbar button that acts without taking the focus, so the editor keeps its selection. */
export function ToolbarButton({
  label,
  active = false,
  disabled = false,
  onRun,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onRun(): void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={active}
      disabled={disabled}
      // Keep the editor's selection: act on mousedown without taking focus.
      onMouseDown={(event) => {
        event.preventDefault();
        if (!disabled) onRun();
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          onRun();
        }
      }}
      className={`flex h-7 min-w-7 items-center justify-center rounded px-1.5 text-xs font-semibold transition-colors disabled:opacity-40 ${
        active ? "bg-neutral-200 text-neutral-900" : "text-neutral-500 hover:bg-neutral-100 hover:text-neutral-800"
      }`}
    >
      {children}
    </button>
  );
}

/** A 14 px stroked icon around the given paths. */
export const svg = (path: React.ReactNode) => (
  <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    {path}
  </svg>
);
