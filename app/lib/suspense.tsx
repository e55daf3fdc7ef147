// The app's Suspense boundary. React hydrates a server-rendered boundary in a pass of its own,
// after the page around it; a click that re-renders the boundary's parent before that pass (its
// props are new) makes React throw the server's HTML away and render the boundary again on the
// client (React error 421: a flash of the fallback, a board rebuilt). So each boundary tells the
// hydration guard when its content has hydrated, and input is held until every one has.
import { type ReactNode, Suspense as ReactSuspense, useLayoutEffect, useRef } from "react";
import { boundaryHydrated, boundaryPending } from "./hydration-guard";

type Progress = { hydrated: boolean };

/** Runs in the boundary's own commit: the content it wraps is now live. */
function HydratedSignal({ progress }: { progress: Progress }) {
  useLayoutEffect(() => {
    if (progress.hydrated) return;
    progress.hydrated = true;
    boundaryHydrated(progress);
  }, [progress]);
  return null;
}

export function Suspense({ fallback, children }: { fallback?: ReactNode; children?: ReactNode }) {
  const progress = useRef<Progress>({ hydrated: false }).current;
  // Runs in the parent's commit. A boundary whose content rendered in that same commit (a client
  // render) has already signalled; one still dehydrated is waited for.
  useLayoutEffect(() => {
    if (!progress.hydrated) boundaryPending(progress);
    return () => boundaryHydrated(progress);
  }, [progress]);
  return (
    <ReactSuspense fallback={fallback}>
      {children}
      <HydratedSignal progress={progress} />
    </ReactSuspense>
  );
}
