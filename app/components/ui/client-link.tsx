// Links for long server-drawn lists. Remix's <Link> resolves its path and takes part in route
// discovery on every render, which a list of forty rows with two links each pays eighty times per
// page on the server. `ClientLink` is a plain anchor to an absolute path; one listener on the
// document (installed by the app's root, `useClientLinks`) hands a plain left click on any of them
// to the router, as <Link> would. A click with a modifier key, a middle click, or one a component
// already handled is left to the browser.
import { useNavigate } from "@remix-run/react";
import { type AnchorHTMLAttributes, useEffect } from "react";

export function ClientLink({ to, ...rest }: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  return <a href={to} data-client-link="" {...rest} />;
}

/** Sends plain left clicks on `ClientLink`s through the router (once, at the app's root). */
export function useClientLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>("a[data-client-link]");
      if (!link || link.target || link.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(`${link.pathname}${link.search}${link.hash}`);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
