// How a REST route is described for the OpenAPI document: one entry per route, keyed exactly as
// the Hono app lists it (`"GET /api/workspaces/:slug"`), in the registry named after the router's
// file (workers/api/issues.ts → routes/issues.ts). The entry names the zod schemas the domain
// validates with; the document builder turns them into JSON Schema, parameters and error answers.
import type { z } from "zod";

/**
 * Who may call the route, as the access matrix (tests/access/api-routes.ts) writes it; it decides
 * the security and the refusals the document lists. public: anyone, no credential; signed-in:
 * any account (401 without one); workspace:N / project:N: members of role N or above (20 owner,
 * 15 member, 10 viewer, 5 guest), 401 without an account, 403 below the role, 404 for a workspace
 * or project the caller cannot see.
 */
export type RouteAccess = "public" | "signed-in" | `workspace:${5 | 10 | 15 | 20}` | `project:${5 | 10 | 15 | 20}`;

/** The role names of the numbers above. */
export const ROLE_NAMES: Record<string, string> = { "20": "owner", "15": "member", "10": "viewer", "5": "guest" };

/** A response body: a zod schema (its output), or a JSON Schema written here when no zod one exists. */
export type BodySchema = z.ZodType | JsonSchema;

export type JsonSchema = Record<string, unknown>;

export interface RouteDoc {
  /** One line, imperative or nominal ("List issues"); the operation id is made from it. */
  summary: string;
  /** What else a caller must know, in a sentence or two. */
  description?: string;
  access: RouteAccess;
  /** The query parameters the route reads, as the zod object it validates them with. */
  query?: z.ZodObject;
  /** A JSON body (its zod schema), or a multipart form with one file field. */
  body?: z.ZodType | { multipartFile: string };
  /** The success status (200 when absent). */
  status?: number;
  /**
   * The success body: a schema; `list` wraps it as a plain array of at most the list cap, its
   * continuation in the `Link` and `x-next-cursor` headers; `issues` as an issue list answers
   * (a plain array, a keyset page with `per_page`, or groups with `group_by`).
   */
  response?: BodySchema;
  shape?: "list" | "issues";
  /** A `list` that answers an object of lists by group when asked to (`group_by`). */
  grouped?: boolean;
  /** A body other than JSON: its media type (a file download, a socket upgrade, a stream). */
  media?: string;
  /** Refusals beyond the ones access, parameters and body imply (409, 413, 429, 502, 503). */
  errors?: number[];
}

/** A resource's routes: `"METHOD /api/path"` (several methods comma-separated) to its description. */
export type RouteDocs = Record<string, RouteDoc>;

/** What each path parameter names, written once for every route that has it. */
export const PATH_PARAMETERS: Record<string, string> = {
  slug: "The workspace's slug.",
  projectId: "The project's id.",
  issueId: "The issue's id.",
  cycleId: "The cycle's id.",
  moduleId: "The module's id.",
  viewId: "The saved view's id.",
  pageId: "The page's id.",
  blockId: "The page block's id.",
  stateId: "The state's id.",
  labelId: "The label's id.",
  estimateId: "The estimate's id.",
  propertiesId: "The id of the caller's issue properties record.",
  commentId: "The comment's id.",
  linkId: "The link's id.",
  attachmentId: "The attachment's id.",
  bridgeId: "The id of the issue's membership of the cycle or module.",
  memberId: "The member's id (the membership record's id).",
  invitationId: "The invitation's id.",
  tokenId: "The API token's id.",
  sessionId: "The session's id.",
  notificationId: "The notification's id.",
  assetId: "The uploaded file's id.",
  integrationId: "The workspace integration's id.",
  syncId: "The sync record's id.",
  webhookId: "The webhook's id.",
  deliveryId: "The webhook delivery's id.",
  exportId: "The export's id.",
  importerId: "The import's id.",
  service: "The import's service: csv, github or jira.",
};
