// The Ark UI menu pieces LazyMenu loads after the page starts (see lazy-menu.tsx).
export { Menu } from "@ark-ui/react/menu";
export { Portal } from "@ark-ui/react/portal";
