// Reads the page's loaders again when the window comes back into view: a page that has no live
// channel of its own still shows what changed elsewhere once the person returns to it.
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

/** Revalidates the page when the window regains focus or its tab becomes visible again. */
export function useRevalidateOnFocus() {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === "visible" && latest.current.state === "idle") latest.current.revalidate();
    };
    window.addEventListener("focus", refresh);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      window.removeEventListener("focus", refresh);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, []);
}
