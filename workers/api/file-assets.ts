import { Hono } from "hono";
import {
  deleteUserAsset,
  deleteWorkspaceAsset,
  deleteWorkspaceAssetById,
  openUserAsset,
  openWorkspaceAsset,
  uploadUserAsset,
  uploadWorkspaceAsset,
} from "../domain/file-assets";
import { servedFileHeaders } from "../lib/file-types";
import { type ApiEnv, actorOf } from "./hono-env";
import { assetUpload } from "./multipart";

/**
 * Mounted at /api (not /api/workspaces): workspace assets live under /workspaces/:slug and
 * avatars under /users. The asset URL an upload answers is the GET path below, and the same path
 * deletes it.
 */
export const fileAssetsRoutes = new Hono<ApiEnv>({ strict: false });
// Views of the same router with a base path each, so the params below are typed.
const workspaceAssets = fileAssetsRoutes.basePath("/workspaces/:slug/file-assets");
const userAssets = fileAssetsRoutes.basePath("/users/file-assets");

/** Images (the only thing stored here) are shown inline; the shared rule decides, as for attachments. */
function serve(file: { body: ReadableStream; contentType: string; etag: string; size: number; name: string }) {
  return new Response(file.body, {
    headers: {
      ...servedFileHeaders(file, "image"),
      "content-length": String(file.size),
      "cache-control": "private, max-age=3600",
      etag: file.etag,
    },
  });
}

workspaceAssets.post("/", async (c) =>
  c.json(await uploadWorkspaceAsset(actorOf(c), c.req.param("slug"), assetUpload(c.req.raw)), 201),
);
workspaceAssets.get("/:assetId", async (c) => serve(await openWorkspaceAsset(actorOf(c), c.req.param("slug"), c.req.param("assetId"))));
workspaceAssets.delete("/:assetId", async (c) => {
  await deleteWorkspaceAsset(actorOf(c), c.req.param("slug"), c.req.param("assetId"));
  return c.body(null, 204);
});
// The form without a slug: /workspaces/file-assets/:assetId has one segment fewer than the
// slug form, and no other DELETE route has this shape.
fileAssetsRoutes.delete("/workspaces/file-assets/:assetId", async (c) => {
  await deleteWorkspaceAssetById(actorOf(c), c.req.param("assetId"));
  return c.body(null, 204);
});

userAssets.post("/", async (c) => c.json(await uploadUserAsset(actorOf(c), assetUpload(c.req.raw)), 201));
userAssets.get("/:assetId", async (c) => serve(await openUserAsset(actorOf(c), c.req.param("assetId"))));
userAssets.delete("/:assetId", async (c) => {
  await deleteUserAsset(actorOf(c), c.req.param("assetId"));
  return c.body(null, 204);
});
