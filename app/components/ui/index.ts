// The house's UI kit: button and input looks, the labelled `Field`, the `Menu` and the list-page
// frame. Screens import these from "~/components/ui" rather than re-drawing them.
export * from "./base";
export * from "./field";
export * from "./menu";
export * from "./list-page";
export * from "./switch";
export * from "./client-link";
