// The API's own description: the OpenAPI 3.1 document and the reference page made from it, public
// like the API's shape they describe. Both are built at their first request in an isolate (the
// document and its registries load then, not when the API starts) and kept.
import { Hono } from "hono";
import type { ApiEnv } from "./hono-env";

const reference = () => import("./openapi/reference");
/** The document and the page change only with a deploy: a short shared cache is safe. */
const CACHED = { "cache-control": "public, max-age=300" };

/** Mounted at /api. */
export const apiDocsRoutes = new Hono<ApiEnv>({ strict: false });

apiDocsRoutes.get("/openapi.json", async (c) => c.json((await import("./openapi/document")).openApiDocument(), 200, CACHED));
apiDocsRoutes.get("/docs", async (c) => {
  const { REFERENCE_PAGE_POLICY, referencePage } = await reference();
  return c.html(referencePage(), 200, { ...CACHED, "content-security-policy": REFERENCE_PAGE_POLICY });
});
apiDocsRoutes.get("/docs/reference.css", async (c) => c.body((await reference()).REFERENCE_CSS, 200, { ...CACHED, "content-type": "text/css; charset=utf-8" }));
