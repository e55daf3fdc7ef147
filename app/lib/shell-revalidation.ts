// The shells (the root, a workspace, a project) read what every page under them shows: the
// session, the sidebar, the project. With single fetch, Remix reads them again on every move
// between the pages under them, and the move waits for it. A shell is read again only after a
// write, when the page is reloaded in place (a live change asks for that), when the search
// changes, or when its own part of the address (the workspace, the project) changes.
import type { ShouldRevalidateFunction } from "@remix-run/react";

/** The rule for a shell whose own address is made of `params`. */
export function shellShouldRevalidate(...params: string[]): ShouldRevalidateFunction {
  return ({ currentUrl, nextUrl, currentParams, nextParams, formMethod }) => {
    if (formMethod !== undefined && formMethod.toUpperCase() !== "GET") return true;
    if (currentUrl.pathname === nextUrl.pathname || currentUrl.search !== nextUrl.search) return true;
    return params.some((param) => currentParams[param] !== nextParams[param]);
  };
}
