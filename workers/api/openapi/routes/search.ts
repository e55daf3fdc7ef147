// The routes of workers/api/search.ts, described for the OpenAPI document (see ../describe.ts).
import { SearchQuery } from "../queries";
import type { RouteDocs } from "../describe";

export const searchDocs: RouteDocs = {
  "GET /api/workspaces/:slug/search": { summary: "Search the workspace", description: "Issues, projects, cycles, modules, pages and views whose names match, `per_page` of each kind.", access: "workspace:5", query: SearchQuery },
};
