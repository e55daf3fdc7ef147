// useLayoutEffect in the browser, useEffect on the server (where React warns about layout effects
// and neither runs): for measuring the page before it paints.
import { useEffect, useLayoutEffect } from "react";

export const useBrowserLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;
