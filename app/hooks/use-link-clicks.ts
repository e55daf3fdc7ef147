// Client navigation for plain links in long server-drawn lists. Remix's <Link> resolves its path
// and takes part in route discovery on every render, which a chart of forty rows with two links
// each pays eighty times per page. Such rows draw plain `<a href data-client-link>` instead, and
// the list's container hands a plain left click on one to the router, as <Link> would; a click
// with a modifier key, or on a link to another site or window, is left to the browser.
import { useNavigate } from "@remix-run/react";
import { type MouseEvent, useCallback } from "react";

export function useLinkClicks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as HTMLElement).closest<HTMLAnchorElement>("a[data-client-link]");
      if (!link || link.target || link.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(`${link.pathname}${link.search}${link.hash}`);
    },
    [navigate],
  );
}
