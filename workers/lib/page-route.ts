// The page routes' matcher for the request log line: React Router's own, which Remix matches pages
// with. A named import, so the bundle keeps this one function of a module the server build holds.
import { matchRoutes } from "@remix-run/react";
import { type MatchRoutes, type PageRoute, pageRouteMatcher } from "./request-log";

/** The route pattern of a page path, from the Remix build's route manifest (see `pageRouteMatcher`). */
export const matchPageRoute = (manifest: Record<string, PageRoute>) => pageRouteMatcher(manifest, matchRoutes as unknown as MatchRoutes);
