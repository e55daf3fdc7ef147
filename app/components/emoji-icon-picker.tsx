// The emoji and icon picker: a button showing the current emoji or icon that opens a popover
// with two tabs, "Emoji" (the full emoji set by category, a search, the recently used ones) and
// "Icon" (an icon set and its colours). The tabs and the emoji data load when it first opens.
import { type ReactNode, lazy, useState } from "react";
import { Suspense } from "~/lib/suspense";
import type { IconValue } from "~/lib/project-icons";
import { emojiOf } from "~/lib/emoji";
import { IconGlyph } from "./project-icon";
import { Spinner } from "./ui";
import { Popover } from "./ui/popover";

const EmojiIconPickerPanel = lazy(() => import("./emoji-icon-picker-panel"));

/** What the picker chooses: an emoji's code point string ("128640") or an icon and its colour. */
export type EmojiIconValue = string | IconValue;

export function EmojiIconPicker({
  value,
  onChange,
  label = "Choose emoji or icon",
  fallback,
  disabled = false,
  triggerClassName = "",
}: {
  /** The current emoji or icon; null shows `fallback`. */
  value: EmojiIconValue | null;
  onChange(value: EmojiIconValue): void;
  /** The trigger's accessible name. */
  label?: string;
  /** What the trigger shows while nothing is chosen. */
  fallback?: ReactNode;
  disabled?: boolean;
  triggerClassName?: string;
}) {
  const [open, setOpen] = useState(false);
  const pick = (next: EmojiIconValue) => {
    onChange(next);
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      positioning={{ placement: "bottom-start", gutter: 6 }}
      triggerProps={{
        className: `flex size-12 items-center justify-center rounded-lg bg-surface/95 text-2xl shadow-md ring-1 ring-black/5 hover:bg-surface focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-default disabled:hover:bg-surface/95 ${triggerClassName}`,
        "aria-label": label,
        disabled,
      }}
      trigger={
        typeof value === "string" ? (
          <span aria-hidden="true">{emojiOf(value)}</span>
        ) : value ? (
          <IconGlyph icon={value} className="flex size-9 items-center justify-center" />
        ) : (
          fallback
        )
      }
      contentLabel="Emoji and icon"
      contentClassName="z-[60] w-[min(21rem,calc(100vw-1rem))] rounded-lg border border-neutral-200 bg-surface shadow-lg outline-none"
    >
      {() => (
        <Suspense fallback={<Spinner className="mx-auto my-10 text-neutral-500" />}>
          <EmojiIconPickerPanel value={value} onPick={pick} />
        </Suspense>
      )}
    </Popover>
  );
}

/** The picker's value as form fields: `emoji`, or `icon_prop.name` and `icon_prop.color`. */
export function EmojiIconInputs({ value }: { value: EmojiIconValue | null }) {
  if (value !== null && typeof value === "object") {
    return (
      <>
        <input type="hidden" name="icon_prop.name" value={value.name} />
        <input type="hidden" name="icon_prop.color" value={value.color} />
      </>
    );
  }
  return <input type="hidden" name="emoji" value={value ?? ""} />;
}
