// First: the browser builds no schema before zod is told it may not use eval (the page policy).
import { routeErrorKind } from "~/lib/route-error";
import { shellShouldRevalidate } from "~/lib/shell-revalidation";
import "./lib/zod-without-eval";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { rememberTimeZone } from "~/lib/time-zone";
import { useDroppedRequestRecovery } from "~/hooks/use-dropped-request-recovery";
import { data } from "@remix-run/cloudflare";
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useFetchers,
  useLoaderData,
  useNavigation,
  useParams,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { type CSSProperties, useEffect, useMemo } from "react";
import { appliedThemeOf } from "../workers/domain/schemas/theme";
import { DEFAULT_THEME_NAME, themeHtmlAttributes } from "../workers/domain/schemas/theme-palette";
import { FullPageState, LoadingState, ReconnectingState } from "./components/shell-states";
import { ToastProvider } from "./components/toast";
import { buttonClass, useClientLinks } from "./components/ui";
import { rootHasHydrated } from "./lib/hydration-guard";
import { useNonce } from "./lib/nonce";
import { THEME_FETCHER_KEY, pendingThemeOf } from "./lib/appearance-contract";
import { optionalUser } from "./lib/auth.server";
import { readFlashToast } from "./lib/toast.server";
import { isWorkspacePath, workspaceSlugOf } from "./lib/paths";
import favicon from "./assets/favicon.svg";
import styles from "./styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: favicon, type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: "Edge Tracker" }];

export const shouldRevalidate = shellShouldRevalidate();

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { toast, headers } = readFlashToast(request);
  // The user's theme goes on <html> in the first byte, so no page paints in the wrong one first
  // (the session is read once per request and shared with the page's own loaders).
  const user = await optionalUser(context);
  return data({ toast, theme: appliedThemeOf(user?.theme) }, { headers });
}

/** The theme <html> shows: one being saved wins over the stored one, so a choice applies at once. */
function useAppliedTheme() {
  const stored = useRouteLoaderData<typeof loader>("root")?.theme;
  const pending = useFetchers().find((fetcher) => fetcher.key === THEME_FETCHER_KEY && fetcher.formData);
  return pendingThemeOf(pending?.formData) ?? stored ?? { name: DEFAULT_THEME_NAME };
}

// Made once: Layout re-renders whenever the router's state changes (it follows the theme and a
// theme being saved), and the same elements let React skip these subtrees. <Scripts> holds the
// streamed data's Suspense boundaries; an update reaching them while they still hydrate makes
// React throw the server's HTML away (error 421). The scripts are made once per nonce, which
// never changes in a document.
const documentHead = (
  <head>
    <meta charSet="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <Meta />
    <Links />
  </head>
);
/** Remix's scripts, carrying the response's nonce (the page policy refuses inline scripts without it). */
const documentScriptsWith = (nonce: string | undefined) => (
  <>
    <ScrollRestoration nonce={nonce} />
    <Scripts nonce={nonce} />
  </>
);

export function Layout({ children }: { children: React.ReactNode }) {
  // The document's frame is hydrated: input reaches React again once its Suspense boundaries
  // have hydrated too (entry.client.tsx held it).
  useEffect(rootHasHydrated, []);
  useEffect(rememberTimeZone, []);
  const themed = themeHtmlAttributes(useAppliedTheme());
  const nonce = useNonce();
  const documentScripts = useMemo(() => documentScriptsWith(nonce), [nonce]);
  return (
    <html lang="en" className={themed.className} style={themed.style as CSSProperties | undefined}>
      {documentHead}
      <body className="min-h-screen bg-neutral-50 font-sans text-neutral-900 antialiased">
        {children}
        {documentScripts}
      </body>
    </html>
  );
}

/** While the next page of another workspace loads, "Loading your workspace..." shows. */
function WorkspaceSwitchPending() {
  const navigation = useNavigation();
  const { workspaceSlug } = useParams();
  const target = navigation.state === "loading" ? navigation.location?.pathname : undefined;
  if (!target || !isWorkspacePath(target) || workspaceSlugOf(target) === workspaceSlug) return null;
  return (
    <div className="fixed inset-0 z-50 animate-delayed-fade-in bg-neutral-50">
      <LoadingState label="Loading your workspace..." />
    </div>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  useClientLinks();
  return (
    <ToastProvider flash={toast}>
      <Outlet />
      <WorkspaceSwitchPending />
    </ToastProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const recovering = useDroppedRequestRecovery(error);
  const notFound = routeErrorKind(error) === "NotFound";
  if (recovering) return <ReconnectingState fullPage />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <FullPageState
      title={notFound ? "Page not found" : "Something went wrong"}
      description={
        notFound
          ? "The page you are looking for does not exist or was moved."
          : "An unexpected error occurred. Please try again."
      }
    >
      <Link to="/" className={buttonClass("primary")}>
        Go home
      </Link>
    </FullPageState>
  );
}
