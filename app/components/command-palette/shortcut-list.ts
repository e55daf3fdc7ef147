// Every keyboard shortcut of the app, as the shortcuts dialog lists them and the palette hints
// them. The bindings themselves live where they act (the command center, the sidebar, the issue
// views, the issue page); this is what people are told.

export interface ShortcutEntry {
  /** Keys pressed together; "Mod" is Cmd on a Mac and Ctrl elsewhere, "Alt" is Option on a Mac. */
  keys: string[];
  description: string;
  /** Said next to a shortcut that does nothing yet. */
  note?: string;
}

export const SHORTCUT_SECTIONS: readonly { title: string; shortcuts: ShortcutEntry[] }[] = [
  {
    title: "Navigation",
    shortcuts: [
      { keys: ["Mod", "K"], description: "Open the command palette" },
      { keys: ["H"], description: "Show keyboard shortcuts" },
      { keys: ["Mod", "B"], description: "Collapse or expand the sidebar" },
    ],
  },
  {
    title: "Create",
    shortcuts: [
      { keys: ["C"], description: "Create a new issue" },
      { keys: ["P"], description: "Create a new project" },
      { keys: ["Q"], description: "Create a new cycle" },
      { keys: ["M"], description: "Create a new module" },
      { keys: ["V"], description: "Create a new view" },
      { keys: ["D"], description: "Create a new page" },
    ],
  },
  {
    title: "Issues",
    shortcuts: [
      { keys: ["Delete"], description: "Delete issues in bulk" },
      { keys: ["Mod", "Alt", "C"], description: "Copy the issue URL" },
    ],
  },
];

/** Whether this browser runs on an Apple platform (Cmd and Option instead of Ctrl and Alt). */
export function isApplePlatform() {
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform ?? "";
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/** A key as this platform writes it. */
export function keyLabel(key: string, apple: boolean) {
  if (key === "Mod") return apple ? "⌘" : "Ctrl";
  if (key === "Alt") return apple ? "⌥" : "Alt";
  return key;
}

/** A key's name for assistive technology ("Command", "Control"). */
export function keyName(key: string, apple: boolean) {
  if (key === "Mod") return apple ? "Command" : "Control";
  if (key === "Alt") return apple ? "Option" : "Alt";
  return key;
}
