// The MCP resources: an issue read by the key people write (DEMO-12), within a workspace.
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import type { ActorContext } from "../domain/context";
import { issuePageOf } from "../domain/issue-page";
import { ISSUE_NOT_FOUND } from "../domain/issues";
import { findIssueByKey } from "../domain/issues/address";
import { errorAnswerOf } from "../api/errors";

export const ISSUE_URI_TEMPLATE = "issue://{workspace_slug}/{issue_key}";

export const ISSUE_RESOURCE_TEMPLATE = {
  uriTemplate: ISSUE_URI_TEMPLATE,
  name: "issue",
  title: "An issue by its key",
  description:
    "An issue named by its key, such as issue://acme/DEMO-12 (the workspace's slug, then the project's identifier and the issue's number): its fields, sub-issues, attachments, and its activity merged with its comments.",
  mimeType: "application/json",
};

/** JSON-RPC's code for a resource that does not exist (or that the caller may not see). */
const RESOURCE_NOT_FOUND = -32002;

/** The workspace and key an issue URI names, or null when it is no issue URI. */
export function issueAddressOf(uri: string): { slug: string; key: string } | null {
  const match = /^issue:\/\/([^/]+)\/([^/]+)$/.exec(uri);
  return match ? { slug: decodeURIComponent(match[1]), key: decodeURIComponent(match[2]) } : null;
}

/** Reads the issue a URI names; an unknown one is the REST API's "not found", as a JSON-RPC error. */
export async function readIssueResource(ctx: ActorContext, uri: string) {
  const address = issueAddressOf(uri);
  if (!address) throw new McpError(RESOURCE_NOT_FOUND, ISSUE_NOT_FOUND, { uri });
  try {
    const { projectId, issueId } = await findIssueByKey(ctx, address.slug, address.key);
    const page = await issuePageOf(ctx, address.slug, projectId, issueId);
    return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(page) }] };
  } catch (error) {
    const { status, body } = errorAnswerOf(error, "MCP resource read failed");
    const message = "error" in body ? String(body.error) : JSON.stringify(body);
    throw new McpError(status === 404 ? RESOURCE_NOT_FOUND : -32603, message, { uri, status });
  }
}
