// The one menu of the app: a trigger button and a positioned card of items, with the house's item
// classes beside it. Its code is not part of the page's first JavaScript. Ark UI's menu (its state machine,
// positioning and portal: about 34 KB gzipped) would otherwise load with every page that shows a
// menu trigger, and the shell and the issue views toolbar show several. A Menu draws its trigger
// as a plain button until the menu's code has arrived (fetched when the browser is idle after the
// page starts, or at once when the trigger is hovered, focused or pressed) and the person has
// reached for it (hooks/use-mount-on-intent.ts). A press before then opens the menu when it is
// mounted, and a trigger that had focus keeps it.
import type { Menu as ArkMenu, MenuRootProps } from "@ark-ui/react/menu";
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link } from "@remix-run/react";
import { IconDots } from "~/components/icons";
import { lazyParts } from "~/hooks/use-lazy-parts";
import { useMountOnIntent } from "~/hooks/use-mount-on-intent";

/** A menu item: icon and text in a row, highlighted on hover and keyboard focus. */
export const menuItemClass = "flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-neutral-700 data-[highlighted]:bg-neutral-100";

/** An item that deletes or leaves: red text on a red highlight. */
export const menuDangerItemClass =
  "flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-red-600 data-[highlighted]:bg-red-50 dark:text-red-400 dark:data-[highlighted]:bg-red-950/40";

/** A line between groups of items. */
export const menuSeparatorClass = "my-1 border-neutral-100";

const menuParts = lazyParts(() => import("./menu-parts"));

export interface MenuProps {
  /** What the trigger button shows. */
  trigger: ReactNode;
  /** The trigger button's own attributes (class, aria-label, title, handlers). */
  triggerProps?: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "value">;
  rootProps?: Omit<MenuRootProps, "children" | "defaultOpen">;
  /** The card's size and layer (`z-50 w-40` unless told); its look is the house's. */
  contentClassName?: string;
  /** The card's accessible name, where its trigger does not name it. */
  contentLabel?: string;
  /** Whether the card is drawn in a portal (not inside a dialog that keeps focus within itself). */
  portal?: boolean;
  /** The menu's items, drawn with the loaded Ark `Menu` (its `Item`, `Separator`, groups). */
  children(Menu: typeof ArkMenu): ReactNode;
}

/** A trigger and its menu card; see the file's head for how its code arrives. */
export function Menu({ trigger, triggerProps = {}, rootProps, contentClassName, contentLabel, portal, children }: MenuProps) {
  const parts = menuParts.useParts();
  const intent = useMountOnIntent(parts !== null);

  if (!parts || !intent.live) {
    return (
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={false}
        {...triggerProps}
        {...intent.placeholderProps({ ...triggerProps, load: menuParts.load })}
      >
        {trigger}
      </button>
    );
  }
  const { Menu: Ark, MenuCard } = parts;
  return (
    <Ark.Root {...rootProps} defaultOpen={intent.pressed()}>
      <Ark.Trigger ref={intent.trigger} {...triggerProps}>
        {trigger}
      </Ark.Trigger>
      <MenuCard className={contentClassName} label={contentLabel} portal={portal}>
        {children(Ark)}
      </MenuCard>
    </Ark.Root>
  );
}

/** One entry of an `ActionsMenu`. */
export interface MenuAction {
  value: string;
  label: ReactNode;
  icon?: ReactNode;
  /** Drawn in red: it deletes or leaves. */
  danger?: boolean;
  onSelect(): void;
}

/**
 * The "..." menu of a card or a row: a square dots button named "{name} actions" and its entries.
 * `onPreload` runs when the pointer or focus reaches the button (to fetch a dialog's code).
 */
export function ActionsMenu({
  name,
  actions,
  size = "size-8",
  onPreload,
}: {
  name: string;
  actions: MenuAction[];
  size?: "size-7" | "size-8";
  onPreload?(): void;
}) {
  return (
    <Menu
      rootProps={{
        positioning: { placement: "bottom-end", gutter: 4 },
        lazyMount: true,
        unmountOnExit: true,
        onSelect: (details) => actions.find((action) => action.value === details.value)?.onSelect(),
      }}
      triggerProps={{
        className: `flex ${size} items-center justify-center rounded-md text-neutral-500 hover:bg-neutral-100 hover:text-neutral-800 focus-visible:outline-2 focus-visible:outline-brand-500 data-[state=open]:bg-neutral-100`,
        "aria-label": `${name} actions`,
        onPointerEnter: onPreload,
        onFocus: onPreload,
      }}
      trigger={<IconDots size={16} />}
    >
      {(Ark) =>
        actions.map((action) => (
          <Ark.Item key={action.value} value={action.value} className={action.danger ? menuDangerItemClass : menuItemClass}>
            {action.icon} {action.label}
          </Ark.Item>
        ))
      }
    </Menu>
  );
}

/** A menu entry that leads to a page. */
export interface MenuLink {
  value: string;
  to: string;
  icon: ReactNode;
  label: string;
}

/** Draws entries that lead to pages, with the loaded Ark menu a `Menu` hands its items. */
export function menuLinkItems(Ark: typeof ArkMenu, links: MenuLink[]) {
  return links.map((link) => (
    <Ark.Item key={link.value} value={link.value} asChild>
      <Link to={link.to} className={menuItemClass}>
        {link.icon} {link.label}
      </Link>
    </Ark.Item>
  ));
}
