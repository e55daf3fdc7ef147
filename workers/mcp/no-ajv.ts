// What the Worker's bundle holds in place of `ajv` and `ajv-formats` (wrangler.toml's [alias]).
// The MCP SDK's server imports Ajv as its default JSON Schema validator, used only to check what a
// client answers to an elicitation; our server asks none and passes its own validator, so Ajv is
// never built. This stand-in keeps about 140 KB (35 KB gzipped) of dead code out of the script and
// fails loudly if anything ever does build it.
export default function ajvIsNotBundled(): never {
  throw new Error("Ajv is not in the Worker's bundle: pass a jsonSchemaValidator (workers/mcp/server.ts).");
}
