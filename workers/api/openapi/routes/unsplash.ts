// The routes of workers/api/unsplash.ts, described for the OpenAPI document (see ../describe.ts).
import { UnsplashDownloadInput, UnsplashSearchInput } from "../../../domain/schemas/unsplash";
import type { RouteDocs } from "../describe";

export const unsplashDocs: RouteDocs = {
  "GET /api/unsplash": { summary: "Search cover images", access: "signed-in", query: UnsplashSearchInput, errors: [429, 502, 503] },
  "POST /api/unsplash/download": { summary: "Record a cover image pick", access: "signed-in", body: UnsplashDownloadInput, status: 204, errors: [502, 503] },
};
