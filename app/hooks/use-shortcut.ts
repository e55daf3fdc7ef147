// Keyboard shortcuts of the shells: ignored while typing in inputs, text areas or the
// rich editor, unless a shortcut opts in (Ctrl/Cmd+B works everywhere). Ctrl/Cmd+Alt+C does not
// opt in: on AltGr keyboards Ctrl+Alt+letter types a character.
import { startTransition, useEffect, useRef } from "react";

export function isTypingTarget(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || target.isContentEditable;
}

/**
 * Calls `handler` on a key (lower case, e.g. "c" or "delete"), with Ctrl/Cmd when `mod`, with Alt
 * (Option) when `alt`.
 */
export function useShortcut(
  shortcut: { key: string; mod?: boolean; alt?: boolean; allowInInputs?: boolean },
  handler: (event: KeyboardEvent) => void,
) {
  const latest = useRef(handler);
  latest.current = handler;
  const { key, mod = false, alt = false, allowInInputs = false } = shortcut;
  useEffect(() => {
    // With Alt the key's character changes (Option+C is "ç" on a Mac, AltGr layouts type
    // letters): a letter shortcut with Alt matches the physical key too.
    const code = alt && /^[a-z]$/.test(key) ? `Key${key.toUpperCase()}` : null;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.repeat) return;
      if (event.key.toLowerCase() !== key && (code === null || event.code !== code)) return;
      const modifier = event.ctrlKey || event.metaKey;
      if (mod !== modifier || event.altKey !== alt) return;
      if (!mod && event.shiftKey) return;
      if (!allowInInputs && isTypingTarget(event.target)) return;
      // A shortcut never fires from inside an open dialog (its own keys belong to it).
      if (!mod && event.target instanceof HTMLElement && event.target.closest("[role=dialog],[role=alertdialog]")) return;
      event.preventDefault();
      // A transition: a key pressed while part of the page still waits for its streamed data or
      // its chunk must not make React discard that part's server HTML (error 421); the update
      // waits for it instead. The handler itself still runs now, inside the key event.
      startTransition(() => latest.current(event));
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [key, mod, alt, allowInInputs]);
}
