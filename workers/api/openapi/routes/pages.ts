// The routes of workers/api/pages.ts, described for the OpenAPI document (see ../describe.ts).
import { PageParams } from "../../../domain/list-page";
import { CreatePageBlockInput, CreatePageInput, FavoritePageInput, PatchPageBlockInput, PatchPageInput } from "../../../domain/schemas/pages";
import { PageListQuery } from "../queries";
import { IssueSchema } from "../responses";
import type { RouteDocs } from "../describe";

export const pagesDocs: RouteDocs = {
  "GET /api/workspaces/:slug/projects/:projectId/pages": { summary: "List pages", access: "project:5", query: PageListQuery, shape: "list" },
  "POST /api/workspaces/:slug/projects/:projectId/pages": { summary: "Create a page", access: "project:15", body: CreatePageInput, status: 201 },
  "GET /api/workspaces/:slug/projects/:projectId/pages/:pageId": { summary: "Get a page", access: "project:5" },
  "PATCH /api/workspaces/:slug/projects/:projectId/pages/:pageId": { summary: "Update a page", access: "project:15", body: PatchPageInput },
  "DELETE /api/workspaces/:slug/projects/:projectId/pages/:pageId": { summary: "Delete a page", access: "project:15", status: 204 },
  "GET /api/workspaces/:slug/projects/:projectId/pages/:pageId/page-blocks": { summary: "List a page's blocks", access: "project:5", query: PageParams, shape: "list" },
  "POST /api/workspaces/:slug/projects/:projectId/pages/:pageId/page-blocks": { summary: "Add a block to a page", access: "project:15", body: CreatePageBlockInput, status: 201 },
  "GET /api/workspaces/:slug/projects/:projectId/page-blocks/:blockId": { summary: "Get a block by id", access: "project:5" },
  "PATCH /api/workspaces/:slug/projects/:projectId/page-blocks/:blockId": { summary: "Update a block by id", access: "project:15", body: PatchPageBlockInput },
  "DELETE /api/workspaces/:slug/projects/:projectId/page-blocks/:blockId": { summary: "Delete a block by id", access: "project:15", status: 204 },
  "POST /api/workspaces/:slug/projects/:projectId/page-blocks/:blockId/issues": { summary: "Turn a block into an issue", access: "project:15", status: 201, response: IssueSchema },
  "GET /api/workspaces/:slug/projects/:projectId/pages/:pageId/page-blocks/:blockId": { summary: "Get a page's block", access: "project:5" },
  "PATCH /api/workspaces/:slug/projects/:projectId/pages/:pageId/page-blocks/:blockId": { summary: "Update a page's block", access: "project:15", body: PatchPageBlockInput },
  "DELETE /api/workspaces/:slug/projects/:projectId/pages/:pageId/page-blocks/:blockId": { summary: "Delete a page's block", access: "project:15", status: 204 },
  "POST /api/workspaces/:slug/projects/:projectId/pages/:pageId/page-blocks/:blockId/issues": { summary: "Turn a page's block into an issue", access: "project:15", status: 201, response: IssueSchema },
  "POST /api/workspaces/:slug/projects/:projectId/user-favorite-pages": { summary: "Add a favourite page", access: "project:5", body: FavoritePageInput, status: 201 },
  "DELETE /api/workspaces/:slug/projects/:projectId/user-favorite-pages/:pageId": { summary: "Remove a favourite page", access: "project:5", status: 204 },
};
