// Server-side read of the import-export page (one domain read model). Everything the page and its
// wizards write (deleting an import, starting one, exporting) goes to the REST API from the browser.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { importExportPageOf } from "../../workers/domain/import-export-page";
import { requireActor } from "./auth.server";
import { loadOrThrow } from "./errors.server";
import type { ImportExportData } from "./import-export-contract";

/** The landing page and the wizards' pickers; guests and viewers get only `authorized: false`. */
export async function loadImportExport(request: Request, context: AppLoadContext, slug: string): Promise<ImportExportData> {
  const ctx = await requireActor(request, context);
  return loadOrThrow(request, () => importExportPageOf(ctx, slug));
}
