// The routes of workers/api/board.ts, described for the OpenAPI document (see ../describe.ts).
import type { RouteDocs } from "../describe";

export const boardDocs: RouteDocs = {
  "GET /api/workspaces/:slug/projects/:projectId/board": { summary: "Open the project's live board socket", description: "A WebSocket upgrade (`Upgrade: websocket`) from this site's own pages: issue changes arrive as they commit.", access: "project:5", status: 101, media: "websocket" },
  "GET /api/workspaces/:slug/live": { summary: "Open the workspace's live socket", description: "A WebSocket upgrade from this site's own pages: the projects list and the caller's favourites as they change.", access: "workspace:5", status: 101, media: "websocket" },
};
