// Keyboard shortcuts of the shells (spec 002): ignored while typing in inputs, text areas or the
// rich editor, unless a shortcut opts in (Ctrl/Cmd+B works everywhere).
import { useEffect, useRef } from "react";

export function isTypingTarget(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || target.isContentEditable;
}

export function useShortcut(
  shortcut: { key: string; mod?: boolean; allowInInputs?: boolean },
  handler: (event: KeyboardEvent) => void,
) {
  const latest = useRef(handler);
  latest.current = handler;
  const { key, mod = false, allowInInputs = false } = shortcut;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.repeat) return;
      if (event.key.toLowerCase() !== key) return;
      const modifier = event.ctrlKey || event.metaKey;
      if (mod !== modifier || event.altKey) return;
      if (!mod && event.shiftKey) return;
      if (!allowInInputs && isTypingTarget(event.target)) return;
      // A shortcut never fires from inside an open dialog (its own keys belong to it).
      if (!mod && event.target instanceof HTMLElement && event.target.closest("[role=dialog],[role=alertdialog]")) return;
      event.preventDefault();
      latest.current(event);
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [key, mod, allowInInputs]);
}
