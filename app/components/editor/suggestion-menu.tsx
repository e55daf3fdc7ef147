// The list of members (after "@") or labels (after "#") that opens under what is being typed.
import type { SuggestionItem } from "./prose";

/** The open suggestion list; choosing acts on mousedown so the editor keeps the focus. */
export function SuggestionMenu({
  char,
  items,
  index,
  position,
  onChoose,
  onHover,
}: {
  char: "@" | "#" | undefined;
  items: SuggestionItem[];
  index: number;
  position: { left: number; top: number };
  onChoose(item: SuggestionItem): void;
  onHover(index: number): void;
}) {
  return (
    <div
      role="listbox"
      aria-label={char === "@" ? "Mention a member" : "Add a tag"}
      className="absolute z-[70] w-56 overflow-hidden rounded-md border border-neutral-200 bg-surface py-1 shadow-lg"
      style={{ left: position.left, top: position.top }}
    >
      {items.map((item, at) => (
        <div
          key={item.id}
          role="option"
          tabIndex={-1}
          aria-selected={at === index}
          onMouseDown={(event) => {
            event.preventDefault();
            onChoose(item);
          }}
          onMouseEnter={() => onHover(at)}
          className={`flex cursor-pointer items-center gap-2 px-2.5 py-1.5 text-sm ${at === index ? "bg-neutral-100" : ""}`}
        >
          {char === "#" ? (
            <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: item.color ?? "#858e96" }} />
          ) : (
            <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-zinc-700 text-[10px] font-medium text-white uppercase">
              {item.label.slice(0, 1)}
            </span>
          )}
          <span className="truncate text-neutral-800">{item.label}</span>
          {item.detail ? <span className="ml-auto truncate text-xs text-neutral-400">{item.detail}</span> : null}
        </div>
      ))}
    </div>
  );
}
