// The emoji and icon picker's tabs (see emoji-icon-picker.tsx), loaded when a picker first opens,
// with the emoji data. Arrow keys move between the emoji (or icons) of a grid; Enter picks.
import { Tabs } from "@ark-ui/react/tabs";
import { type KeyboardEvent, useMemo, useState } from "react";
import { useStoredPreference } from "~/hooks/use-stored-preference";
import { EMOJI_GROUPS, type EmojiEntry } from "~/lib/emoji-data";
import { DEFAULT_ICON_COLOR, ICON_COLORS, PROJECT_ICON_NAMES, iconLabel } from "~/lib/project-icons";
import { RECENT_EMOJIS_KEY, codePointsOf, readRecentEmojis, withRecentEmoji } from "~/lib/emoji";
import type { EmojiIconValue } from "./emoji-icon-picker";
import { IconCheck } from "./icons";
import { emojiOf } from "~/lib/emoji";
import { IconGlyph } from "./project-icon";
import { SearchField } from "./ui/search-field";

const TABS = ["emoji", "icon"] as const;

/**
 * Arrow keys move focus between the buttons of the grid the key was pressed in: left and right to
 * the previous and next one, up and down to the nearest one in the row above or below (across the
 * groups' headings too).
 */
function moveInGrid(event: KeyboardEvent<HTMLElement>) {
  const target = event.target as HTMLElement;
  if (!["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp"].includes(event.key) || !target.hasAttribute("data-cell")) return;
  const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>("button[data-cell]"));
  const index = buttons.indexOf(target as HTMLButtonElement);
  let next: HTMLButtonElement | undefined;
  if (event.key === "ArrowRight") next = buttons[index + 1];
  else if (event.key === "ArrowLeft") next = buttons[index - 1];
  else {
    const from = target.getBoundingClientRect();
    const down = event.key === "ArrowDown";
    const rows = buttons
      .map((button) => ({ button, box: button.getBoundingClientRect() }))
      .filter(({ box }) => (down ? box.top > from.top + 1 : box.top < from.top - 1));
    const rowTop = down ? Math.min(...rows.map(({ box }) => box.top)) : Math.max(...rows.map(({ box }) => box.top));
    next = rows
      .filter(({ box }) => Math.abs(box.top - rowTop) < 1)
      .sort((a, b) => Math.abs(a.box.left - from.left) - Math.abs(b.box.left - from.left))[0]?.button;
  }
  if (!next) return;
  event.preventDefault();
  next.focus();
  next.scrollIntoView({ block: "nearest" });
}

const cellClass =
  "flex size-9 items-center justify-center rounded-md text-xl leading-none hover:bg-neutral-100 focus-visible:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-brand-500";

function EmojiGrid({ label, emojis, onPick, first }: { label: string; emojis: readonly EmojiEntry[]; onPick(emoji: string): void; first: boolean }) {
  return (
    <section aria-label={label} className="pb-2">
      <h3 className="px-1 pb-1 text-xs font-medium text-neutral-500">{label}</h3>
      <div className="grid grid-cols-8">
        {emojis.map(([emoji, name], index) => (
          <button
            key={emoji}
            type="button"
            data-cell=""
            tabIndex={first && index === 0 ? 0 : -1}
            aria-label={name}
            title={name}
            onClick={() => onPick(emoji)}
            className={cellClass}
          >
            {emoji}
          </button>
        ))}
      </div>
    </section>
  );
}

function EmojiTab({ onPick }: { onPick(codePoints: string): void }) {
  const [query, setQuery] = useState("");
  const [recent, saveRecent] = useStoredPreference<string[]>(RECENT_EMOJIS_KEY, [], readRecentEmojis, JSON.stringify);
  const names = useMemo(() => new Map(EMOJI_GROUPS.flatMap((group) => group.emojis.map(([emoji, name]) => [emoji, name] as const))), []);
  const words = query.trim().toLowerCase();
  const found = useMemo(
    () => (words ? EMOJI_GROUPS.flatMap((group) => group.emojis.filter(([, name]) => name.includes(words))) : []),
    [words],
  );
  const recentEntries = recent.flatMap((codePoints): EmojiEntry[] => {
    const emoji = emojiOf(codePoints);
    return emoji ? [[emoji, names.get(emoji) ?? emoji]] : [];
  });
  const pick = (emoji: string) => {
    const codePoints = codePointsOf(emoji);
    saveRecent(withRecentEmoji(recent, codePoints));
    onPick(codePoints);
  };
  return (
    <div>
      <div className="px-3 pt-3">
        <SearchField value={query} onChange={setQuery} placeholder="Search" label="Search emoji" className="px-2" />
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between the grid's buttons, which take the clicks. */}
      <div className="h-72 overflow-y-auto px-2 pt-2" onKeyDown={moveInGrid}>
        {words ? (
          found.length > 0 ? (
            <EmojiGrid label="Search results" emojis={found} onPick={pick} first />
          ) : (
            <p className="px-1 py-6 text-center text-sm text-neutral-500">No emoji found.</p>
          )
        ) : (
          <>
            {recentEntries.length > 0 ? <EmojiGrid label="Recently used" emojis={recentEntries} onPick={pick} first /> : null}
            {EMOJI_GROUPS.map((group, index) => (
              <EmojiGrid key={group.name} label={group.name} emojis={group.emojis} onPick={pick} first={index === 0 && recentEntries.length === 0} />
            ))}
          </>
        )}
      </div>
    </div>
  );
}

function IconTab({ value, onPick }: { value: EmojiIconValue | null; onPick(icon: { name: string; color: string }): void }) {
  const [color, setColor] = useState(typeof value === "object" && value ? value.color : DEFAULT_ICON_COLOR);
  const chosen = typeof value === "object" && value ? value.name : null;
  return (
    <div className="p-3">
      <fieldset>
        <legend className="pb-1.5 text-xs font-medium text-neutral-500">Colour</legend>
        <div className="flex flex-wrap gap-1.5">
          {[DEFAULT_ICON_COLOR, ...ICON_COLORS].map((swatch) => (
            <button
              key={swatch}
              type="button"
              aria-pressed={swatch.toLowerCase() === color.toLowerCase()}
              aria-label={swatch === DEFAULT_ICON_COLOR ? `Default colour ${swatch}` : `Colour ${swatch}`}
              title={swatch}
              onClick={() => setColor(swatch)}
              className="flex size-6 items-center justify-center rounded-full ring-1 ring-black/10 dark:ring-white/30 ring-offset-1 ring-offset-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 aria-pressed:ring-2 aria-pressed:ring-brand-500"
              style={{ backgroundColor: swatch }}
            >
              {swatch.toLowerCase() === color.toLowerCase() ? <IconCheck size={12} className={swatch === "#ADF672" || swatch === "#FCBE1D" || swatch === "#8CC1FF" ? "text-black" : "text-white"} /> : null}
            </button>
          ))}
        </div>
      </fieldset>
      <section className="mt-3 grid h-60 grid-cols-8 content-start overflow-y-auto" aria-label="Icons" onKeyDown={moveInGrid}>
        {PROJECT_ICON_NAMES.map((name, index) => (
          <button
            key={name}
            type="button"
            data-cell=""
            tabIndex={index === 0 ? 0 : -1}
            aria-label={`${iconLabel(name)} icon`}
            aria-pressed={name === chosen}
            title={iconLabel(name)}
            onClick={() => onPick({ name, color })}
            className={`${cellClass} ${name === chosen ? "bg-brand-50 ring-1 ring-brand-200 dark:bg-brand-500/15" : ""}`}
          >
            <IconGlyph icon={{ name, color }} className="flex size-6 items-center justify-center" size="100%" />
          </button>
        ))}
      </section>
    </div>
  );
}

export default function EmojiIconPickerPanel({ value, onPick }: { value: EmojiIconValue | null; onPick(value: EmojiIconValue): void }) {
  return (
    <Tabs.Root defaultValue={typeof value === "object" && value ? "icon" : "emoji"} lazyMount>
      <Tabs.List className="flex gap-1 border-b border-neutral-200 px-3 pt-2" aria-label="Emoji or icon">
        {TABS.map((tab) => (
          <Tabs.Trigger
            key={tab}
            value={tab}
            className="-mb-px border-b-2 border-transparent px-2 pb-1.5 text-sm font-medium text-neutral-500 hover:text-neutral-800 data-[selected]:border-brand-500 data-[selected]:text-neutral-900"
          >
            {tab === "emoji" ? "Emoji" : "Icon"}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="emoji">
        <EmojiTab onPick={onPick} />
      </Tabs.Content>
      <Tabs.Content value="icon">
        <IconTab value={value} onPick={onPick} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
