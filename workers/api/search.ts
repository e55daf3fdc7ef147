import { Hono } from "hono";
import type { ApiEnv } from "./hono-env";

/** Mounted at /api/workspaces: paths start with /:slug. */
export const searchRoutes = new Hono<ApiEnv>({ strict: false });
