// A dialog that opens anywhere inside a project (a shortcut, the command palette) may need what a
// project list's loader reads (the members a module picks from, the choices a view filters by). On
// that list itself the route's data is at hand; anywhere else the list's path is read through a
// fetcher the first time the dialog opens, once per project: a later write revalidates it with the
// page's other loaders.
import { useFetcher, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";

/** A project list's loader data for a dialog, and whether the page is that list of this project. */
export function useProjectListData<Data extends { project: { id: string } }>({
  routeId,
  listPath,
  projectId,
  fetcherKey,
  open,
}: {
  /** The list's route, whose loader data the page may already hold. */
  routeId: string;
  /** The list's path to read elsewhere (an index route ends in `?index`). */
  listPath: string;
  projectId: string;
  /** Names the fetcher, so dialogs of the same project share one read. */
  fetcherKey: string;
  open: boolean;
}): { data: Data | null; onList: boolean } {
  // The lists' loader data is plain JSON: what arrives is the declared shape.
  const onRoute = useRouteLoaderData<Data>(routeId) as Data | undefined;
  const here = onRoute?.project.id === projectId ? onRoute : undefined;
  const { load, data } = useFetcher<Data>({ key: fetcherKey }) as { load(href: string): void; data: Data | undefined };
  const requested = useRef<string | null>(null);
  useEffect(() => {
    if (!open || here || data || requested.current === listPath) return;
    requested.current = listPath;
    load(listPath);
  }, [open, here, data, load, listPath]);
  return { data: here ?? data ?? null, onList: here !== undefined };
}
