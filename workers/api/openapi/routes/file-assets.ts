// The routes of workers/api/file-assets.ts, described for the OpenAPI document (see ../describe.ts).
import type { RouteDocs } from "../describe";

export const fileAssetsDocs: RouteDocs = {
  "POST /api/workspaces/:slug/file-assets": { summary: "Upload a workspace image", access: "workspace:15", body: { multipartFile: "asset" }, status: 201, errors: [413] },
  "GET /api/workspaces/:slug/file-assets/:assetId": { summary: "Get a workspace image", access: "workspace:5", media: "image/*" },
  "DELETE /api/workspaces/:slug/file-assets/:assetId": { summary: "Delete a workspace image", access: "workspace:20", status: 204 },
  "DELETE /api/workspaces/file-assets/:assetId": { summary: "Delete a workspace image by id", access: "workspace:20", status: 204 },
  "POST /api/users/file-assets": { summary: "Upload an avatar image", access: "signed-in", body: { multipartFile: "asset" }, status: 201, errors: [413] },
  "GET /api/users/file-assets/:assetId": { summary: "Get a user's image", access: "signed-in", media: "image/*" },
  "DELETE /api/users/file-assets/:assetId": { summary: "Delete a user's image", access: "signed-in", status: 204 },
};
