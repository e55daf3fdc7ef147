// Images in descriptions and comments are stored as workspace file assets: a multipart POST with
// `asset` and `attributes` ({name, size}); the answer's `asset` is the URL the image is served from.

/** At most 5 MB per image, the same limit the server applies. */
export const MAX_UPLOAD_BYTES = 5_242_880;

export async function uploadEditorImage(slug: string, file: File): Promise<string | null> {
  if (file.size > MAX_UPLOAD_BYTES) return null;
  const body = new FormData();
  body.append("asset", file);
  body.append("attributes", JSON.stringify({ name: file.name, size: file.size }));
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
