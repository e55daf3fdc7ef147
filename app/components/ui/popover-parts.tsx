// The part of `Popover` that loads after the page starts (see popover.tsx): Ark UI's popover,
// positioned next to its trigger by Ark's positioning.
export { Popover } from "@ark-ui/react/popover";
