// The full-area screens shells move between: loading, not authorized, not found.
import { Link, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { IconAlert } from "./icons";
import { Spinner, buttonClass } from "./ui/base";
import { useDroppedRequestRecovery } from "~/hooks/use-dropped-request-recovery";

export function LoadingState({ label }: { label: string }) {
  return (
    <div role="status" className="flex h-full min-h-[60vh] w-full flex-col items-center justify-center gap-3">
      <Spinner className="size-6 text-brand-500 dark:text-brand-400" />
      <p className="text-sm text-neutral-500">{label}</p>
    </div>
  );
}

export function StateCard({
  title,
  description,
  icon,
  children,
}: {
  title: string;
  description?: React.ReactNode;
  icon?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex w-full max-w-md flex-col items-center text-center">
      {icon ? (
        <div className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-surface text-neutral-500 shadow-sm ring-1 ring-neutral-200">
          {icon}
        </div>
      ) : null}
      <h1 className="text-xl font-semibold tracking-tight text-neutral-900">{title}</h1>
      {/* A div, not a p: descriptions may hold a form (sign in with another account), and the HTML
          parser closes a p before a form, which would break hydration. */}
      {description ? <div className="mt-2 text-sm leading-6 text-neutral-500">{description}</div> : null}
      {children ? <div className="mt-6 flex flex-wrap items-center justify-center gap-3">{children}</div> : null}
    </div>
  );
}

/** A state that takes the whole window (outside any shell). */
export function FullPageState(props: React.ComponentProps<typeof StateCard>) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-neutral-50 px-6">
      <StateCard {...props} />
    </main>
  );
}

/** A state inside a shell's main area. */
export function InlineState(props: React.ComponentProps<typeof StateCard>) {
  return (
    <div className="flex min-h-[60vh] flex-1 items-center justify-center px-6 py-16">
      <StateCard {...props} />
    </div>
  );
}

/**
 * A route's error boundary for an item that is not there (404): "{Item} does not exist" with a
 * link to the list it belongs to. Other errors go on to the boundary above (the project shell
 * answers for a project that is missing or closed to the member).
 */
/** What an error boundary shows while it reads the page again after a dropped request. */
export function ReconnectingState({ fullPage = false }: { fullPage?: boolean }) {
  const props = { title: "Reconnecting…", description: "The connection dropped; the page is loading again." };
  return fullPage ? <FullPageState {...props} /> : <InlineState {...props} />;
}

export function MissingItemBoundary({ item, listLabel, listPath }: { item: string; listLabel: string; listPath: string }) {
  const error = useRouteError();
  if (useDroppedRequestRecovery(error)) return <ReconnectingState />;
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <InlineState
      icon={<IconAlert size={24} />}
      title={`${item} does not exist`}
      description={`The ${item.toLowerCase()} you are looking for was deleted or never existed.`}
    >
      <Link to={listPath} className={buttonClass("primary")}>
        Go to {listLabel.toLowerCase()}
      </Link>
    </InlineState>
  );
}
