// File assets: images for rich-text editors,
// project covers, workspace logos and avatars. Only PNG, JPEG, GIF and WebP up to 5 MB: the first
// bytes must really be such an image (so an HTML or SVG file sent as "image/png" is refused), and
// the declared type must name one of those too. The type stored and served is the one the bytes
// proved, never the claim. Stored in R2 (FILES) under workspaces/{workspaceId}/{uuid} or
// users/{userId}/{uuid}, with a file_assets row; the answer's `asset` is the URL this Worker
// serves it from, which is also the path that deletes it (the client derives the id from it).
//
// Who may do what:
// - workspace assets: upload needs workspace role >= 15; reading needs workspace membership;
//   deleting is for the uploader or a workspace owner.
// - user assets (avatars): upload and read for any signed-in user (avatars are shown to
//   everyone); deleting is for the uploader only.
import { and, eq, isNull } from "drizzle-orm";
import { fileAssets, workspaces, type Workspace } from "../../drizzle/schema";
import { headOf, rasterImageTypeOf } from "../lib/file-types";
import { ROLE, workspaceAccess } from "./access";
import type { ActorContext } from "./context";
import { Forbidden, Invalid, NotFound, } from "./errors";
import { type AssetUpload, receiveFile } from "./uploads";
import { IMAGE_UPLOAD_TYPE_INVALID, IMAGE_UPLOAD_TYPES } from "./schemas/uploads";

export type FileAsset = typeof fileAssets.$inferSelect;

export const FILE_ASSET_TYPES = IMAGE_UPLOAD_TYPES;
export type FileAssetType = (typeof FILE_ASSET_TYPES)[number];

export const FILE_ASSET_TYPE_INVALID = IMAGE_UPLOAD_TYPE_INVALID;
export const FILE_ASSET_NOT_FOUND = "File not found.";
export const FILE_ASSET_DELETE_FORBIDDEN = "Only the uploader or a workspace owner can delete this file.";
export const USER_ASSET_DELETE_FORBIDDEN = "Only the uploader can delete this file.";

export const workspaceAssetUrl = (slug: string, id: string) => `/api/workspaces/${slug}/file-assets/${id}/`;
export const userAssetUrl = (id: string) => `/api/users/file-assets/${id}/`;

/** The asset id inside a URL that `urlOf` builds (a logo, an avatar, a cover), or null for any other URL. */
export function assetIdInUrl(url: string, urlOf: (id: string) => string): string | null {
  const [prefix, suffix = ""] = urlOf("\u0000").split("\u0000");
  if (!url.startsWith(prefix) || !url.endsWith(suffix) || url.length <= prefix.length + suffix.length) return null;
  const id = url.slice(prefix.length, url.length - suffix.length);
  return /^[0-9a-f-]{36}$/i.test(id) ? id : null;
}

export function fileAssetOf(asset: FileAsset, url: string) {
  return {
    id: asset.id,
    asset: url,
    attributes: asset.attributes,
    content_type: asset.content_type,
    workspace: asset.workspace_id,
    created_by: asset.created_by,
    created_at: asset.created_at,
  };
}

const isFileAssetType = (type: string | null): type is FileAssetType =>
  type !== null && (FILE_ASSET_TYPES as readonly string[]).includes(type);

/** The image type the bytes say, from their signature, when it is one an image upload may be; else null. */
export function sniffImageType(head: Uint8Array): FileAssetType | null {
  const type = rasterImageTypeOf(head);
  return isFileAssetType(type) ? type : null;
}

/** Reads and checks the upload, writes the object, then the row; the object goes if the row fails. */
async function storeAsset(ctx: ActorContext, upload: AssetUpload, owner: { workspaceId: string | null; keyPrefix: string }) {
  const { file, name } = await receiveFile(upload, "image");
  const declared = file.type.split(";")[0].trim().toLowerCase();
  const sniffed = sniffImageType(await headOf(file.content));
  if (!isFileAssetType(declared) || sniffed === null) {
    throw Invalid.field("asset", FILE_ASSET_TYPE_INVALID);
  }

  const id = crypto.randomUUID();
  const key = `${owner.keyPrefix}/${crypto.randomUUID()}`;
  // Served with the type the bytes proved, not the one the browser claimed.
  await ctx.env.FILES.put(key, file.content, { httpMetadata: { contentType: sniffed }, customMetadata: { name, asset_id: id } });
  try {
    const [row] = await ctx.db
      .insert(fileAssets)
      .values({
        id,
        workspace_id: owner.workspaceId,
        asset_key: key,
        attributes: { name, size: file.size },
        content_type: sniffed,
        size: file.size,
        created_by: ctx.actor.id,
      })
      .returning();
    return row;
  } catch (error) {
    // Nothing committed: do not leave an object no row points to.
    await ctx.env.FILES.delete(key);
    throw error;
  }
}

async function openObject(ctx: ActorContext, asset: FileAsset) {
  const object = await ctx.env.FILES.get(asset.asset_key);
  if (!object) throw new NotFound(FILE_ASSET_NOT_FOUND);
  return { body: object.body, size: object.size, etag: object.httpEtag, contentType: asset.content_type, name: asset.attributes.name };
}

async function removeAsset(ctx: ActorContext, asset: FileAsset) {
  // The row goes first, so no answer can point at a missing object.
  await ctx.db.delete(fileAssets).where(eq(fileAssets.id, asset.id));
  await ctx.env.FILES.delete(asset.asset_key);
}

// ---------------------------------------------------------------- workspace assets

async function loadWorkspaceAsset(ctx: ActorContext, workspace: Workspace, assetId: string) {
  const [asset] = await ctx.db
    .select()
    .from(fileAssets)
    .where(and(eq(fileAssets.id, assetId), eq(fileAssets.workspace_id, workspace.id)))
    .limit(1);
  if (!asset) throw new NotFound(FILE_ASSET_NOT_FOUND);
  return asset;
}

export async function uploadWorkspaceAsset(ctx: ActorContext, slug: string, upload: AssetUpload) {
  const { workspace } = await workspaceAccess(ctx, slug, ROLE.member);
  const row = await storeAsset(ctx, upload, { workspaceId: workspace.id, keyPrefix: `workspaces/${workspace.id}` });
  return fileAssetOf(row, workspaceAssetUrl(workspace.slug, row.id));
}

export async function openWorkspaceAsset(ctx: ActorContext, slug: string, assetId: string) {
  const { workspace } = await workspaceAccess(ctx, slug);
  return openObject(ctx, await loadWorkspaceAsset(ctx, workspace, assetId));
}

export async function deleteWorkspaceAsset(ctx: ActorContext, slug: string, assetId: string) {
  const { workspace, membership } = await workspaceAccess(ctx, slug);
  const asset = await loadWorkspaceAsset(ctx, workspace, assetId);
  if (asset.created_by !== ctx.actor.id && membership.role < ROLE.owner) throw new Forbidden(FILE_ASSET_DELETE_FORBIDDEN);
  await removeAsset(ctx, asset);
}

/**
 * DELETE /api/workspaces/file-assets/{id}/ names no workspace: asset ids are
 * unique, so the row says which workspace to check membership of.
 */
export async function deleteWorkspaceAssetById(ctx: ActorContext, assetId: string) {
  const [row] = await ctx.db
    .select({ slug: workspaces.slug })
    .from(fileAssets)
    .innerJoin(workspaces, eq(workspaces.id, fileAssets.workspace_id))
    .where(eq(fileAssets.id, assetId))
    .limit(1);
  if (!row) throw new NotFound(FILE_ASSET_NOT_FOUND);
  await deleteWorkspaceAsset(ctx, row.slug, assetId);
}

// ---------------------------------------------------------------- user assets

async function loadUserAsset(ctx: ActorContext, assetId: string) {
  const [asset] = await ctx.db
    .select()
    .from(fileAssets)
    .where(and(eq(fileAssets.id, assetId), isNull(fileAssets.workspace_id)))
    .limit(1);
  if (!asset) throw new NotFound(FILE_ASSET_NOT_FOUND);
  return asset;
}

export async function uploadUserAsset(ctx: ActorContext, upload: AssetUpload) {
  const row = await storeAsset(ctx, upload, { workspaceId: null, keyPrefix: `users/${ctx.actor.id}` });
  return fileAssetOf(row, userAssetUrl(row.id));
}

export async function openUserAsset(ctx: ActorContext, assetId: string) {
  return openObject(ctx, await loadUserAsset(ctx, assetId));
}

export async function deleteUserAsset(ctx: ActorContext, assetId: string) {
  const asset = await loadUserAsset(ctx, assetId);
  if (asset.created_by !== ctx.actor.id) throw new Forbidden(USER_ASSET_DELETE_FORBIDDEN);
  await removeAsset(ctx, asset);
}
