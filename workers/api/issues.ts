import { Hono } from "hono";
import type { ApiEnv } from "./hono-env";

/** Mounted at /api/workspaces: paths start with /:slug/projects/:projectId. */
export const issuesRoutes = new Hono<ApiEnv>({ strict: false });
