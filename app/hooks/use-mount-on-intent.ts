// A widget's machinery (Ark's state machines, positioning, dismiss layers) is mounted only once a
// person reaches for its trigger: the pointer enters it, it takes focus, or it is pressed. Until
// then the trigger is a plain button with the same look. A dialog full of pickers, or a toolbar and
// sidebar full of menus, then costs a few buttons to draw instead of a machine each; the issue
// modal opened 30 ms sooner this way. The swap keeps focus: a placeholder that had it hands it to
// the real trigger, and a press opens the widget as soon as it is mounted.
import { type FocusEvent, type MouseEvent, type PointerEvent, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useBrowserLayoutEffect } from "./use-browser-layout-effect";

interface PlaceholderHandlers<T extends HTMLElement> {
  onPointerEnter?(event: PointerEvent<T>): void;
  onPointerDown?(event: PointerEvent<T>): void;
  onFocus?(event: FocusEvent<T>): void;
  onBlur?(event: FocusEvent<T>): void;
  onClick?(event: MouseEvent<T>): void;
}

interface PlaceholderOptions<T extends HTMLElement> extends PlaceholderHandlers<T> {
  /** The placeholder was pressed: the widget should open as it mounts. */
  onPress?(): void;
  /** Fetches the widget's code (a lazily loaded chunk) as soon as the person reaches for it. */
  load?(): void;
}

/**
 * `ready` says the widget's code is there (a lazily loaded chunk); `live` is true once it is and
 * the person has reached for the trigger. Spread `placeholderProps(options)` on the plain button
 * (it calls the trigger's own handlers too, and `onPress` when it is pressed), put `trigger` on
 * the real one, and open the widget initially when `pressed()` says so.
 */
export function useMountOnIntent<T extends HTMLElement = HTMLButtonElement>(ready = true) {
  const [reached, setReached] = useState(false);
  const pressedBeforeMount = useRef(false);
  const placeholderFocused = useRef(false);
  const trigger = useRef<T>(null);
  const live = reached && ready;

  useBrowserLayoutEffect(() => {
    if (!live || !placeholderFocused.current) return;
    placeholderFocused.current = false;
    trigger.current?.focus();
  }, [live]);

  // A pointer's swap happens within the event, not at React's next render: a press that follows
  // at once (a quick hand, a test driver) lands on the real trigger, never on a button being
  // removed. Focus may come from code that runs while React renders (a dialog giving focus back),
  // where flushing is not allowed: that swap waits for the next render.
  const reach = (now: boolean) => {
    if (reached) return;
    if (now) flushSync(() => setReached(true));
    else setReached(true);
  };

  function placeholderProps(options: PlaceholderOptions<T> = {}): Required<PlaceholderHandlers<T>> {
    const press = () => {
      options.load?.();
      pressedBeforeMount.current = true;
      options.onPress?.();
      reach(true);
    };
    return {
      onPointerEnter(event) {
        options.load?.();
        reach(true);
        options.onPointerEnter?.(event);
      },
      // A pointer already resting on the placeholder when it appeared (a popover closed from
      // under it) enters nothing: the press itself mounts the widget, open. The press's click
      // then has no target (its button went), so it cannot close it again.
      onPointerDown(event) {
        if (event.button === 0) press();
        options.onPointerDown?.(event);
      },
      onFocus(event) {
        options.load?.();
        placeholderFocused.current = true;
        reach(false);
        options.onFocus?.(event);
      },
      onBlur(event) {
        // Focus that moves elsewhere names where it went; a placeholder removed while focused
        // loses it to nothing, and the real trigger takes it over.
        if (event.relatedTarget !== null) placeholderFocused.current = false;
        options.onBlur?.(event);
      },
      // A press without a pointer (the keyboard on a placeholder not yet swapped, assistive tech).
      onClick(event) {
        press();
        options.onClick?.(event);
      },
    };
  }

  return { live, trigger, placeholderProps, pressed: () => pressedBeforeMount.current };
}
