// The routes of workers/api/my-work.ts, described for the OpenAPI document (see ../describe.ts).
import { MyWorkQuery } from "../queries";
import { IssueListItemSchema } from "../responses";
import type { RouteDocs } from "../describe";

export const myWorkDocs: RouteDocs = {
  "GET /api/workspaces/:slug/my-work": { summary: "List my work", description: "The caller's issues of `tab` across their projects.", access: "workspace:5", query: MyWorkQuery, response: IssueListItemSchema, shape: "list" },
};
