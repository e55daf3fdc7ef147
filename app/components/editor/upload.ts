// Images in descriptions and comments are stored as workspace file assets: a multipart POST with
// `asset` and `attributes` ({name, size}); the answer's `asset` is the URL the image is served from.

import { callApi } from "~/lib/api-client";
import { api } from "~/lib/api-routes";
import { assetFormData, fileProblem } from "~/lib/uploads";

export async function uploadEditorImage(slug: string, file: File): Promise<string | null> {
  if (fileProblem(file)) return null;
  const body = assetFormData(file);
  try {
    const asset = await callApi<{ asset?: string }>(api.workspaceFiles(slug), { method: "POST", body });
    return asset?.asset ?? null;
  } catch (error) {
    console.warn("image upload failed", error);
    return null;
  }
}
