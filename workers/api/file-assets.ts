import { Hono } from "hono";
import {
  type FileAssetUpload,
  deleteUserAsset,
  deleteWorkspaceAsset,
  deleteWorkspaceAssetById,
  openUserAsset,
  openWorkspaceAsset,
  uploadUserAsset,
  uploadWorkspaceAsset,
} from "../domain/file-assets";
import { readLimitedForm } from "../domain/issue-attachments";
import { type ApiContext, type ApiEnv, actorOf } from "./hono-env";

/**
 * Mounted at /api (not /api/workspaces): workspace assets live under /workspaces/:slug and
 * avatars under /users. The asset URL an upload answers is the GET path below, and the same path
 * deletes it.
 */
export const fileAssetsRoutes = new Hono<ApiEnv>({ strict: false });

const WS = "/workspaces/:slug/file-assets";
const USERS = "/users/file-assets";
const slug = (c: ApiContext) => c.req.param("slug") as string;
const assetId = (c: ApiContext) => c.req.param("assetId") as string;

function uploadOf(c: ApiContext): FileAssetUpload {
  const declared = c.req.header("content-length");
  return {
    contentLength: declared && /^\d+$/.test(declared) ? Number(declared) : null,
    readForm: (maxBytes) => readLimitedForm(c.req.raw, maxBytes),
  };
}

function serve(file: { body: ReadableStream; contentType: string; etag: string; size: number }) {
  return new Response(file.body, {
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.size),
      "content-disposition": "inline",
      "x-content-type-options": "nosniff",
      // An image opened on its own still gets no scripts and no origin.
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "private, max-age=3600",
      etag: file.etag,
    },
  });
}

fileAssetsRoutes.post(WS, async (c) => c.json(await uploadWorkspaceAsset(actorOf(c), slug(c), uploadOf(c)), 201));
fileAssetsRoutes.get(`${WS}/:assetId`, async (c) => serve(await openWorkspaceAsset(actorOf(c), slug(c), assetId(c))));
fileAssetsRoutes.delete(`${WS}/:assetId`, async (c) => {
  await deleteWorkspaceAsset(actorOf(c), slug(c), assetId(c));
  return c.body(null, 204);
});
// The spec's form without a slug: /workspaces/file-assets/:assetId has one segment fewer than the
// slug form, and no other DELETE route has this shape.
fileAssetsRoutes.delete("/workspaces/file-assets/:assetId", async (c) => {
  await deleteWorkspaceAssetById(actorOf(c), assetId(c));
  return c.body(null, 204);
});

fileAssetsRoutes.post(USERS, async (c) => c.json(await uploadUserAsset(actorOf(c), uploadOf(c)), 201));
fileAssetsRoutes.get(`${USERS}/:assetId`, async (c) => serve(await openUserAsset(actorOf(c), assetId(c))));
fileAssetsRoutes.delete(`${USERS}/:assetId`, async (c) => {
  await deleteUserAsset(actorOf(c), assetId(c));
  return c.body(null, 204);
});
