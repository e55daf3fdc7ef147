// The part of `Menu` that loads after the page starts (see menu.tsx): Ark UI's menu and the
// house's menu card, positioned next to its trigger by Ark's positioning.
import { Menu } from "@ark-ui/react/menu";
import { Portal } from "@ark-ui/react/portal";
import type { ReactNode } from "react";

export { Menu };

/** The house's menu card: its border, surface, padding and shadow, in a portal unless told not to. */
export function MenuCard({
  className = "z-50 w-40",
  label,
  portal = true,
  children,
}: {
  className?: string;
  label?: string;
  portal?: boolean;
  children: ReactNode;
}) {
  const card = (
    <Menu.Positioner>
      <Menu.Content aria-label={label} className={`${className} rounded-lg border border-neutral-200 bg-surface p-1 shadow-lg outline-none`}>
        {children}
      </Menu.Content>
    </Menu.Positioner>
  );
  return portal ? <Portal>{card}</Portal> : card;
}
