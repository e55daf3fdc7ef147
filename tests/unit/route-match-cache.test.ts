import fc from "fast-check";
import type { AgnosticRouteObject } from "@remix-run/router";
import { matchRoutes as matchRoutesUncached } from "@remix-run/router/dist/router.js";
import { describe, expect, it } from "vitest";
import { ROUTE_MATCHES_KEPT, matchRoutes } from "../../workers/lib/route-match-cache";

/** A route tree shaped like the app's: layouts without paths, index routes, params and a splat. */
function appLikeRoutes(): AgnosticRouteObject[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "routes/_index", index: true },
        { id: "routes/sign-in", path: "sign-in" },
        {
          id: "routes/$workspaceSlug",
          path: ":workspaceSlug",
          children: [
            { id: "routes/$workspaceSlug._index", index: true },
            { id: "routes/$workspaceSlug.settings", path: "settings" },
            { id: "routes/$workspaceSlug.projects.$projectId.issues", path: "projects/:projectId/issues" },
            { id: "routes/$workspaceSlug.projects.$projectId.issues.$issueId", path: "projects/:projectId/issues/:issueId" },
            { id: "routes/$workspaceSlug.browse.$key", path: "browse/:key" },
          ],
        },
        { id: "routes/$", path: "*" },
      ],
    },
  ];
}

const segment = fc.constantFrom("", "demo", "settings", "projects", "p-1", "issues", "i-9", "browse", "DEMO-12", "sign-in", "caf%C3%A9");
const pathname = fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join("/")}`);
const ids = (matches: ReturnType<typeof matchRoutes>) => matches?.map((match) => match.route.id) ?? null;
const plain = (matches: ReturnType<typeof matchRoutes>) =>
  matches?.map(({ route, params, pathname: path, pathnameBase }) => ({ id: route.id, params, path, pathnameBase })) ?? null;

describe("route matching through the cache", () => {
  it("answers what React Router answers, for any path, asked once or again", () => {
    fc.assert(
      fc.property(pathname, (path) => {
        const expected = plain(matchRoutesUncached(appLikeRoutes(), path));
        expect(plain(matchRoutes(appLikeRoutes(), path))).toEqual(expected);
        expect(plain(matchRoutes(appLikeRoutes(), path))).toEqual(expected);
      }),
    );
  });

  it("hands back the route objects of the tree it was given, not of an earlier one", () => {
    const first = appLikeRoutes();
    const second = appLikeRoutes();
    const path = "/demo/projects/p-1/issues";
    const fromFirst = matchRoutes(first, path);
    const fromSecond = matchRoutes(second, path);
    expect(ids(fromFirst)).toEqual(ids(fromSecond));
    expect(fromSecond?.at(-1)?.route).toBe(second[0].children?.[2].children?.[2]);
    expect(fromSecond?.at(-1)?.route).not.toBe(fromFirst?.at(-1)?.route);
  });

  it("gives each caller its own params, so one caller's change never reaches the next", () => {
    const path = "/demo/browse/DEMO-12";
    const mine = matchRoutes(appLikeRoutes(), path);
    if (!mine) throw new Error("no match");
    (mine[1].params as Record<string, string>).key = "changed";
    expect(matchRoutes(appLikeRoutes(), path)?.[1].params.key).toBe("DEMO-12");
  });

  it("stays right after more paths than it keeps", () => {
    for (let i = 0; i < ROUTE_MATCHES_KEPT + 20; i++) matchRoutes(appLikeRoutes(), `/demo/browse/DEMO-${i}`);
    expect(matchRoutes(appLikeRoutes(), "/demo/browse/DEMO-3")?.[1].params.key).toBe("DEMO-3");
    expect(matchRoutes(appLikeRoutes(), "/demo/settings")?.at(-1)?.route.id).toBe("routes/$workspaceSlug.settings");
  });
});
