// Image search for covers: GET /api/unsplash?page&per_page&query answers a page of Unsplash photos,
// POST /api/unsplash/download tells Unsplash a photo was picked. Signed-in callers only.
import { Hono } from "hono";
import { searchCoverImages, trackCoverImageDownload } from "../domain/image-search";
import { type ApiEnv, actorOf, body } from "./hono-env";

/** Mounted at /api. */
export const unsplashRoutes = new Hono<ApiEnv>({ strict: false });

unsplashRoutes.get("/unsplash", async (c) => {
  const search = { query: c.req.query("query"), page: c.req.query("page"), per_page: c.req.query("per_page") };
  return c.json(await searchCoverImages(actorOf(c), search, new URL(c.req.url).origin));
});

unsplashRoutes.post("/unsplash/download", async (c) => {
  await trackCoverImageDownload(actorOf(c), await body(c));
  return c.body(null, 204);
});
