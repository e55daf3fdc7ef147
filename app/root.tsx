import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useNavigation,
  useParams,
  useRouteError,
} from "@remix-run/react";
import { useEffect } from "react";
import { FullPageState, LoadingState } from "./components/shell-states";
import { ToastProvider } from "./components/toast";
import { buttonClass } from "./components/ui";
import { releaseInput } from "./lib/hydration-guard";
import { readFlashToast } from "./lib/toast.server";
import { isWorkspacePath, workspaceSlugOf } from "./lib/paths";
import favicon from "./assets/favicon.svg";
import styles from "./styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: favicon, type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: "Edge Tracker" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = readFlashToast(request);
  return data({ toast }, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  // The document is hydrated: input reaches React again (entry.client.tsx held it).
  useEffect(releaseInput, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-neutral-50 font-sans text-neutral-900 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
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
  return (
    <ToastProvider flash={toast}>
      <Outlet />
      <WorkspaceSwitchPending />
    </ToastProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
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
