// Images in descriptions and comments are stored as workspace file assets: a multipart POST with
// `asset` and `attributes` ({name, size}); the answer's `asset` is the URL the image is served from.

import { assetFormData, fileProblem } from "~/lib/uploads";

export async function uploadEditorImage(slug: string, file: File): Promise<string | null> {
  if (fileProblem(file)) return null;
  const body = assetFormData(file);
  try {
    const response = await fetch(`/api/workspaces/${encodeURIComponent(slug)}/file-assets/`, { method: "POST", body, credentials: "same-origin" });
    if (!response.ok) {
      console.warn("image upload failed", response.status);
      return null;
    }
    const asset = (await response.json()) as { asset?: string };
    return asset.asset ?? null;
  } catch (error) {
    console.warn("image upload failed", error);
    return null;
  }
}
