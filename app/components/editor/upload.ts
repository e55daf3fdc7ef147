// Images in descriptions and comments are stored as workspace file assets: a multipart POST with
// `asset` and `attributes` ({name, size}); the answer's `asset` is the URL the image is served from.

import { useApiCall } from "~/hooks/use-action";
import { callApi } from "~/lib/api-client";
import { api } from "~/lib/api-routes";
import { assetFormData, fileProblem } from "~/lib/uploads";
import { UPLOAD_FAILED } from "../../../workers/domain/schemas/uploads";

/** Uploads the image and answers its URL; a file the upload rules refuse is never sent. */
async function postImage(slug: string, file: File): Promise<string> {
  const problem = fileProblem(file);
  if (problem) throw new Error(problem);
  const asset = await callApi<{ asset?: string }>(api.workspaceFiles(slug), { method: "POST", body: assetFormData(file) });
  if (!asset?.asset) throw new Error("the upload answered no address");
  return asset.asset;
}

/** Uploads an editor image; answers its URL, or null (said nowhere but the console) when it failed. */
export async function uploadEditorImage(slug: string, file: File): Promise<string | null> {
  try {
    return await postImage(slug, file);
  } catch (error) {
    console.warn("image upload failed", error);
    return null;
  }
}

/** The same upload for an editor that tells a failure: one toast naming the upload rules. */
export function useToldImageUpload(slug: string) {
  const run = useApiCall();
  return async (file: File) => (await run(() => postImage(slug, file), { message: () => UPLOAD_FAILED }))?.value ?? null;
}
