// Image search for covers: GET /api/unsplash?page&per_page&query answers a page of Unsplash photos,
// POST /api/unsplash/download tells Unsplash a photo was picked. Signed-in callers only.
import { Hono } from "hono";
import { type ApiEnv, actorOf, body } from "./hono-env";

// Few requests search images: the search loads (with its Unsplash client and schemas) at the
// first request of these routes, not when the API starts.
const imageSearch = () => import("../domain/image-search");

/** Mounted at /api. */
export const unsplashRoutes = new Hono<ApiEnv>({ strict: false });

unsplashRoutes.get("/unsplash", async (c) => {
  const search = { query: c.req.query("query"), page: c.req.query("page"), per_page: c.req.query("per_page") };
  return c.json(await (await imageSearch()).searchCoverImages(actorOf(c), search, new URL(c.req.url).origin));
});

unsplashRoutes.post("/unsplash/download", async (c) => {
  await (await imageSearch()).trackCoverImageDownload(actorOf(c), await body(c));
  return c.body(null, 204);
});
