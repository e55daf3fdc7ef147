// React Router's matchRoutes flattens and ranks the whole route tree on every call, and a page
// calls it half a dozen times (the server runtime, the router's render and the route discovery's
// walk over each parent path): about a millisecond of CPU per page spent sorting the same tree.
// The Worker's bundle maps "@remix-run/router" to this module (wrangler.toml [alias]; the router's
// own file is imported by its full path, which the alias leaves alone), which answers a path
// matched before from a small cache. Every other export is the router's own.
//
// Each render builds its route objects afresh from the same manifest, so the cache keeps which
// route ids matched and hands back the current tree's objects for those ids.
export * from "@remix-run/router/dist/router.js";
import type { AgnosticRouteMatch, AgnosticRouteObject, Location, Params } from "@remix-run/router";
import { matchRoutes as matchRoutesUncached } from "@remix-run/router/dist/router.js";

/** Paths remembered: the pages people open, their parents, and room to spare. */
export const ROUTE_MATCHES_KEPT = 256;

interface KeptMatch {
  id: string;
  params: Params;
  pathname: string;
  pathnameBase: string;
}

const kept = new Map<string, KeptMatch[] | null>();
const treesById = new WeakMap<readonly AgnosticRouteObject[], Map<string, AgnosticRouteObject>>();

function routesById(routes: readonly AgnosticRouteObject[]): Map<string, AgnosticRouteObject> {
  let byId = treesById.get(routes);
  if (!byId) {
    const found = new Map<string, AgnosticRouteObject>();
    const walk = (list: readonly AgnosticRouteObject[]) => {
      for (const route of list) {
        if (route.id !== undefined) found.set(route.id, route);
        if (route.children) walk(route.children);
      }
    };
    walk(routes);
    byId = found;
    treesById.set(routes, byId);
  }
  return byId;
}

/** The same answer as React Router's matchRoutes; each caller gets its own match objects. */
export function matchRoutes<RouteObjectType extends AgnosticRouteObject = AgnosticRouteObject>(
  routes: RouteObjectType[],
  locationArg: Partial<Location> | string,
  basename = "/",
): AgnosticRouteMatch<string, RouteObjectType>[] | null {
  const pathname = typeof locationArg === "string" ? locationArg : locationArg.pathname;
  if (pathname === undefined) return matchRoutesUncached(routes, locationArg, basename);
  // The tree's size and first route tell one route tree from another (a test's own, say).
  const key = `${routes.length}\u0000${routes[0]?.id}\u0000${basename}\u0000${pathname}`;
  const byId = routesById(routes) as Map<string, RouteObjectType>;
  const known = kept.get(key);
  if (known === null) return null;
  if (known?.every((match) => byId.has(match.id))) {
    return known.map((match) => ({ ...match, params: { ...match.params }, route: byId.get(match.id) as RouteObjectType }));
  }
  const matches = matchRoutesUncached(routes, pathname, basename);
  if (matches && !matches.every((match) => match.route.id !== undefined)) return matches;
  if (kept.size >= ROUTE_MATCHES_KEPT) kept.delete(kept.keys().next().value as string);
  kept.set(
    key,
    matches?.map(({ route, params, pathname: matched, pathnameBase }) => ({ id: route.id as string, params: { ...params }, pathname: matched, pathnameBase })) ??
      null,
  );
  return matches;
}
