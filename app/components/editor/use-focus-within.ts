// Whether the focus is inside the editor, for the toolbar that shows only then.
import { useEffect, useRef, useState } from "react";

/**
 * The focus-within flag of the editor's wrapper. A press on a control outside moves the focus on
 * pointerdown; hiding the toolbar right then would shift everything below the editor up before
 * the pointerup, and the click would land beside the control the person aimed at (the first click
 * on a button under the editor did nothing). So while `watchPresses` and the focus is inside,
 * presses are watched, and a blur caused by one clears the flag after its click.
 */
export function useFocusWithin(watchPresses: boolean) {
  const wrapperRef = useRef<HTMLDivElement>(null);
  const [within, setWithin] = useState(false);
  const pressing = useRef(false);

  useEffect(() => {
    if (!within || !watchPresses) return;
    const press = () => {
      pressing.current = true;
    };
    const release = () => {
      pressing.current = false;
    };
    window.addEventListener("pointerdown", press, true);
    window.addEventListener("pointerup", release, true);
    window.addEventListener("pointercancel", release, true);
    return () => {
      pressing.current = false;
      window.removeEventListener("pointerdown", press, true);
      window.removeEventListener("pointerup", release, true);
      window.removeEventListener("pointercancel", release, true);
    };
  }, [within, watchPresses]);

  function onBlur(event: React.FocusEvent) {
    const wrapper = wrapperRef.current;
    if (wrapper?.contains(event.relatedTarget as Node | null)) return;
    const hideUnlessBack = () => {
      if (!wrapperRef.current?.contains(document.activeElement)) setWithin(false);
    };
    if (!pressing.current) {
      hideUnlessBack();
      return;
    }
    // pointerup, mouseup and click are dispatched in one task: a timeout runs after the click.
    const after = () => {
      window.removeEventListener("pointerup", after, true);
      window.removeEventListener("pointercancel", after, true);
      window.setTimeout(hideUnlessBack, 0);
    };
    window.addEventListener("pointerup", after, true);
    window.addEventListener("pointercancel", after, true);
  }

  return { wrapperRef, within, onFocus: () => setWithin(true), onBlur };
}
