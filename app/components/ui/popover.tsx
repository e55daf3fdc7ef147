// The popover of the settings forms and pickers (emoji and icon, cover, colour): a trigger button
// and a card positioned next to it. Like the Menu, its code is not part of the page's first
// JavaScript: Ark UI's popover and its positioning (about 14 KB gzipped) arrive when the browser
// is idle after the page starts, or at once when the trigger is hovered, focused or pressed; until
// then the trigger is a plain button with the same look, and a press opens the card once its code
// is there.
import type { Popover as ArkPopover, PopoverRootProps } from "@ark-ui/react/popover";
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { lazyParts } from "~/hooks/use-lazy-parts";
import { useMountOnIntent } from "~/hooks/use-mount-on-intent";

const popoverParts = lazyParts(() => import("./popover-parts"));

export interface PopoverProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  positioning: PopoverRootProps["positioning"];
  /** What the trigger button shows. */
  trigger: ReactNode;
  /** The trigger button's own attributes (class, aria-label, disabled). */
  triggerProps?: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "value" | "type">;
  /** The card's classes (its size, layer and look) and accessible name. */
  contentClassName: string;
  contentLabel?: string;
  /** The card's content, drawn with the loaded Ark `Popover` (its `Title`, `CloseTrigger`). */
  children(Popover: typeof ArkPopover): ReactNode;
}

/** A trigger and its card, drawn in place (not in a portal); the card mounts when it opens. */
export function Popover({ open, onOpenChange, positioning, trigger, triggerProps = {}, contentClassName, contentLabel, children }: PopoverProps) {
  const parts = popoverParts.useParts();
  const intent = useMountOnIntent(parts !== null);
  if (!parts || !intent.live) {
    return (
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={false}
        {...triggerProps}
        {...intent.placeholderProps({ load: popoverParts.load, onPress: () => onOpenChange(true) })}
      >
        {trigger}
      </button>
    );
  }
  const { Popover: Ark } = parts;
  return (
    <Ark.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      positioning={positioning}
      portalled={false}
      lazyMount
      unmountOnExit
    >
      <Ark.Trigger ref={intent.trigger} type="button" {...triggerProps}>
        {trigger}
      </Ark.Trigger>
      <Ark.Positioner>
        <Ark.Content aria-label={contentLabel} className={contentClassName}>
          {children(Ark)}
        </Ark.Content>
      </Ark.Positioner>
    </Ark.Root>
  );
}
