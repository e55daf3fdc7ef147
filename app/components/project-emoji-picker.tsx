// The project emoji picker of the create-project dialog and the project settings: a button showing
// the current emoji (or the project's icon) that opens the fixed list of project emoji.
import { Popover } from "@ark-ui/react/popover";
import type { ReactNode } from "react";
import { PROJECT_EMOJIS } from "~/lib/project-constants";
import { emojiOf } from "./project-icon";

export function ProjectEmojiPicker({
  value,
  onChange,
  fallback,
  disabled = false,
}: {
  /** The chosen emoji's code points, or null to show `fallback`. */
  value: string | null;
  onChange(codePoints: string): void;
  /** What the button shows while no emoji is chosen (the project's icon). */
  fallback?: ReactNode;
  disabled?: boolean;
}) {
  return (
    <Popover.Root positioning={{ placement: "bottom-start", gutter: 6 }} portalled={false}>
      <Popover.Trigger
        className="flex size-12 items-center justify-center rounded-lg bg-surface/95 text-2xl shadow-md ring-1 ring-black/5 hover:bg-surface disabled:cursor-default disabled:hover:bg-surface/95"
        aria-label="Choose project emoji"
        disabled={disabled}
      >
        {value ? <span aria-hidden="true">{emojiOf(value)}</span> : fallback}
      </Popover.Trigger>
      <Popover.Positioner>
        <Popover.Content className="z-[60] rounded-lg border border-neutral-200 bg-surface p-2 shadow-lg outline-none">
          <Popover.Title className="px-1 pb-1.5 text-xs font-medium text-neutral-500">Project emoji</Popover.Title>
          <div className="grid grid-cols-7 gap-1">
            {PROJECT_EMOJIS.map((codePoint) => (
              <Popover.CloseTrigger
                key={codePoint}
                type="button"
                onClick={() => onChange(codePoint)}
                className={`flex size-8 items-center justify-center rounded-md text-lg hover:bg-neutral-100 ${
                  codePoint === value ? "bg-brand-50 dark:bg-brand-500/15 ring-1 ring-brand-200" : ""
                }`}
                aria-label={`Use emoji ${emojiOf(codePoint)}`}
              >
                {emojiOf(codePoint)}
              </Popover.CloseTrigger>
            ))}
          </div>
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}
