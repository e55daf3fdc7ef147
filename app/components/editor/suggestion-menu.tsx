// The list of members (after "@"), labels and issues (after "#") or issues (after the project's
// key, "DEMO-") that opens next to what is being typed. Each row shows what it is: a member's
// initial, a label's colour dot and the word "Label", an issue's key and title.
import type { SuggestionItem } from "./prose";

const LIST_NAMES = { "@": "Mention a member", "#": "Add a tag or reference an issue", key: "Reference an issue" } as const;

function ItemMark({ char, item }: { char: keyof typeof LIST_NAMES; item: SuggestionItem }) {
  if (item.kind === "issue") return <span className="w-16 shrink-0 truncate font-mono text-xs text-neutral-500">{item.label}</span>;
  if (char === "@") {
    return (
      <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-zinc-700 text-[10px] font-medium text-white uppercase">
        {item.label.slice(0, 1)}
      </span>
    );
  }
  return <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: item.color ?? "#858e96" }} />;
}

/** The open suggestion list; choosing acts on mousedown so the editor keeps the focus. */
export function SuggestionMenu({
  char,
  items,
  index,
  position,
  onChoose,
  onHover,
}: {
  char: keyof typeof LIST_NAMES | undefined;
  items: SuggestionItem[];
  index: number;
  position: { left: number; top: number };
  onChoose(item: SuggestionItem): void;
  onHover(index: number): void;
}) {
  return (
    <div
      role="listbox"
      aria-label={LIST_NAMES[char ?? "@"]}
      className="absolute z-[70] w-72 overflow-hidden rounded-md border border-neutral-200 bg-surface py-1 shadow-lg"
      style={{ left: position.left, top: position.top }}
    >
      {items.map((item, at) => (
        <div
          key={`${item.kind ?? char}:${item.id}`}
          role="option"
          tabIndex={-1}
          aria-selected={at === index}
          onMouseDown={(event) => {
            event.preventDefault();
            onChoose(item);
          }}
          onMouseEnter={() => onHover(at)}
          className={`flex h-8 cursor-pointer items-center gap-2 px-2.5 text-sm ${at === index ? "bg-neutral-100" : ""}`}
        >
          <ItemMark char={char ?? "@"} item={item} />
          {item.kind === "issue" ? (
            <span className="min-w-0 flex-1 truncate text-neutral-800">{item.detail}</span>
          ) : (
            <>
              <span className="truncate text-neutral-800">{item.label}</span>
              {char === "#" ? (
                <span className="ml-auto shrink-0 text-xs text-neutral-400">Label</span>
              ) : item.detail ? (
                <span className="ml-auto truncate text-xs text-neutral-400">{item.detail}</span>
              ) : null}
            </>
          )}
        </div>
      ))}
    </div>
  );
}
