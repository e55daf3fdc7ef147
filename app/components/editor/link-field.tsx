// The toolbar's link field: a URL typed or pasted becomes a link on the selection, or the linked
// URL itself where nothing is selected.
import type { Command } from "prosemirror-state";
import { safeUrl, schema } from "./schema";

/**
 * The command that links `href`, or null when it is empty or not a URL the editor keeps. A URL
 * without a scheme and not starting with "/" is taken as https.
 */
export function linkCommand(href: string): Command | null {
  if (!href) return null;
  const clean = safeUrl(/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("/") ? href : `https://${href}`);
  if (!clean) return null;
  return (state, dispatch) => {
    const { empty, from, to } = state.selection;
    const mark = schema.marks.link.create({ href: clean });
    if (empty) dispatch?.(state.tr.insert(from, schema.text(clean, [mark])));
    else dispatch?.(state.tr.addMark(from, to, mark));
    return true;
  };
}

/** The URL input and its Apply button; Enter applies, Escape closes. */
export function LinkField({
  value,
  onChange,
  onApply,
  onClose,
}: {
  value: string;
  onChange(value: string): void;
  onApply(): void;
  onClose(): void;
}) {
  return (
    <span className="ml-1 flex items-center gap-1">
      <input
        // biome-ignore lint/a11y/noAutofocus: the field opens on purpose to receive the URL.
        autoFocus
        aria-label="Link URL"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            onApply();
          }
          if (event.key === "Escape") {
            event.preventDefault();
            event.stopPropagation();
            onClose();
          }
        }}
        placeholder="Paste a link"
        className="h-7 w-48 rounded border border-neutral-300 px-2 text-xs outline-none focus:border-brand-500"
      />
      <button type="button" onClick={onApply} className="h-7 rounded bg-zinc-800 px-2 text-xs font-medium text-white">
        Apply
      </button>
    </span>
  );
}
