// A menu whose code is not part of the page's first JavaScript. Ark UI's menu (its state machine,
// positioning and portal: about 34 KB gzipped) would otherwise load with every page that shows a
// menu trigger, and the shell and the issue views toolbar show several. A LazyMenu draws its
// trigger as a plain button until the menu's code has arrived: fetched when the browser is idle
// after the page starts, or at once when the trigger is hovered, focused or pressed. A press
// before it arrives opens the menu when it does, and a trigger that had focus keeps it.
import type { Menu as ArkMenu, MenuRootProps } from "@ark-ui/react/menu";
import { type ButtonHTMLAttributes, type FocusEvent, type MouseEvent, type PointerEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { whenIdle } from "~/lib/when-idle";

type MenuParts = typeof import("./menu-parts");

let loadedParts: MenuParts | null = null;
let loading: Promise<MenuParts> | null = null;
const waiting = new Set<() => void>();

function loadMenuParts() {
  loading ??= import("./menu-parts").then((parts) => {
    loadedParts = parts;
    for (const wake of waiting) wake();
    return parts;
  });
  return loading;
}

export interface LazyMenuProps {
  /** What the trigger button shows. */
  trigger: ReactNode;
  /** The trigger button's own attributes (class, aria-label, title, handlers). */
  triggerProps?: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "value">;
  rootProps?: Omit<MenuRootProps, "children" | "defaultOpen">;
  /** The menu's positioner and content, drawn with the loaded `Menu` (inside a portal). */
  children(Menu: typeof ArkMenu): ReactNode;
}

export function LazyMenu({ trigger, triggerProps = {}, rootProps, children }: LazyMenuProps) {
  const [parts, setParts] = useState(loadedParts);
  const openOnArrival = useRef(false);
  const hadFocus = useRef(false);
  const fallback = useRef<HTMLButtonElement>(null);
  const realTrigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (parts) return;
    const arrived = () => {
      hadFocus.current = fallback.current !== null && document.activeElement === fallback.current;
      setParts(loadedParts);
    };
    // The code may have arrived between this render and this effect: its wake-ups have gone.
    if (loadedParts) {
      arrived();
      return;
    }
    waiting.add(arrived);
    const cancel = whenIdle(() => void loadMenuParts());
    return () => {
      waiting.delete(arrived);
      cancel();
    };
  }, [parts]);

  useEffect(() => {
    if (parts && hadFocus.current) realTrigger.current?.focus();
  }, [parts]);

  if (!parts) {
    const load = () => void loadMenuParts();
    return (
      <button
        type="button"
        ref={fallback}
        aria-haspopup="menu"
        aria-expanded={false}
        {...triggerProps}
        onPointerEnter={(event: PointerEvent<HTMLButtonElement>) => {
          load();
          triggerProps.onPointerEnter?.(event);
        }}
        onFocus={(event: FocusEvent<HTMLButtonElement>) => {
          load();
          triggerProps.onFocus?.(event);
        }}
        onClick={(event: MouseEvent<HTMLButtonElement>) => {
          openOnArrival.current = true;
          load();
          triggerProps.onClick?.(event);
        }}
      >
        {trigger}
      </button>
    );
  }
  const { Menu, Portal } = parts;
  return (
    <Menu.Root {...rootProps} defaultOpen={openOnArrival.current}>
      <Menu.Trigger ref={realTrigger} {...triggerProps}>
        {trigger}
      </Menu.Trigger>
      <Portal>{children(Menu)}</Portal>
    </Menu.Root>
  );
}
