// The JSON `attributes` part sent beside an uploaded file: client-safe (zod only).
import { z } from "zod";

/** The `attributes` JSON sent beside a file; the stored size is always the file's own. */
export const UploadAttributesInput = z.object({
  name: z.string({ error: "Name must be text" }).trim().max(255, "Name should be less than 255 characters").optional(),
  size: z.number({ error: "Size must be a number" }).optional(),
});
