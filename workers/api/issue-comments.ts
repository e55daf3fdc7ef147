import { Hono } from "hono";
import type { ApiEnv } from "./hono-env";

/** Mounted at /api/workspaces: paths start with /:slug. */
export const issueCommentsRoutes = new Hono<ApiEnv>({ strict: false });
