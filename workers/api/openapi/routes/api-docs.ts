// The routes of workers/api/api-docs.ts, described for the OpenAPI document (see ../describe.ts).
import { OpenApiDocumentBody } from "../queries";
import type { RouteDocs } from "../describe";

export const apiDocsDocs: RouteDocs = {
  "GET /api/openapi.json": { summary: "Get this OpenAPI document", description: "The whole REST API and the outgoing webhooks, as OpenAPI 3.1. Public, like the API's shape it describes.", access: "public", response: OpenApiDocumentBody },
  "GET /api/docs": { summary: "Read the API reference", description: "A page of every operation, made from this document; it loads nothing but its own stylesheet.", access: "public", media: "text/html" },
  "GET /api/docs/reference.css": { summary: "Get the reference page's stylesheet", access: "public", media: "text/css" },
};
