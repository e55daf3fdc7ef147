// The one-time `state` of a connection round trip. A round trip (installing the GitHub App,
// installing Slack, connecting a project's Slack channel) leaves the tracker for the provider's
// page and comes back through a link anyone could forge, so what comes back proves nothing by
// itself. Before anything is stored, the callback must present a state this server minted for the
// same browser session, the same person, the same workspace (and project) and the same kind of
// flow, less than a quarter of an hour ago, and not used before. Only the state's SHA-256 is kept;
// reading it deletes it in the same statement, so two callbacks with one state cannot both pass.
import { and, eq, gt, inArray, isNull, lte } from "drizzle-orm";
import { connectionStates } from "../../../drizzle/schema";
import { randomToken, sha256Hex } from "../../auth/crypto";
import { runNamedBatch } from "../../lib/batch";
import type { ActorContext } from "../context";
import { STATE_SLUG_END } from "../schemas/connections";
import { Forbidden, Invalid } from "../errors";

export type ConnectionKind = (typeof connectionStates.$inferSelect)["kind"];

/** How long a started round trip may take: the provider's page, choosing, coming back. */
export const CONNECTION_STATE_TTL_MS = 15 * 60_000;

export const CONNECTION_NEEDS_SESSION = "Connecting an integration must be started and finished in a signed-in browser.";
export const CONNECTION_STATE_REFUSED =
  "This connection was not started here, has expired or was already used. Start it again from the settings.";

/** What a state was minted for. */
export interface ConnectionBinding {
  kind: ConnectionKind;
  workspaceId: string;
  projectId: string | null;
}

/** The session a round trip is bound to: a cookie session only (an API key has no browser to send anywhere). */
function sessionTokenOf(ctx: ActorContext): string {
  if (!ctx.sessionToken) throw new Forbidden(CONNECTION_NEEDS_SESSION);
  return ctx.sessionToken;
}

/**
 * A fresh state for `binding`, stored (hashed) for the caller's session; expired states of
 * anyone are swept in the same write. The workspace slug leads the state so the landing page
 * knows where to send the person back; it grants nothing, the random part does.
 */
export async function mintConnectionState(ctx: ActorContext, slug: string, binding: ConnectionBinding): Promise<{ state: string; expiresAt: string }> {
  const sessionHash = await sha256Hex(sessionTokenOf(ctx));
  const state = `${slug}${STATE_SLUG_END}${randomToken()}`;
  const now = Date.now();
  const expiresAt = new Date(now + CONNECTION_STATE_TTL_MS).toISOString();
  await runNamedBatch(ctx.db, {
    swept: ctx.db.delete(connectionStates).where(lte(connectionStates.expires_at, new Date(now).toISOString())),
    saved: ctx.db.insert(connectionStates).values({
      state_hash: await sha256Hex(state),
      session_hash: sessionHash,
      user_id: ctx.actor.id,
      workspace_id: binding.workspaceId,
      project_id: binding.projectId,
      kind: binding.kind,
      expires_at: expiresAt,
    }),
  });
  return { state, expiresAt };
}

/**
 * Uses up `state` for one of `kinds` (and, when the caller's path names them, that workspace and
 * project; `projectId: null` asks for a workspace-wide round trip): the binding it was minted for, or Invalid. A state minted for another session,
 * person, workspace, project or kind is not touched, so the round trip it belongs to can still
 * finish; a missing, altered, expired or used one matches no row.
 */
export async function consumeConnectionState(
  ctx: ActorContext,
  state: string | undefined,
  expected: { kinds: readonly ConnectionKind[]; workspaceId?: string; projectId?: string | null },
): Promise<ConnectionBinding> {
  const sessionToken = sessionTokenOf(ctx);
  if (!state) throw Invalid.field("state", CONNECTION_STATE_REFUSED);
  const [stateHash, sessionHash] = await Promise.all([sha256Hex(state), sha256Hex(sessionToken)]);
  const conditions = [
    eq(connectionStates.state_hash, stateHash),
    eq(connectionStates.session_hash, sessionHash),
    eq(connectionStates.user_id, ctx.actor.id),
    inArray(connectionStates.kind, [...expected.kinds]),
    gt(connectionStates.expires_at, new Date().toISOString()),
  ];
  if (expected.workspaceId !== undefined) conditions.push(eq(connectionStates.workspace_id, expected.workspaceId));
  if (expected.projectId === null) conditions.push(isNull(connectionStates.project_id));
  else if (expected.projectId !== undefined) conditions.push(eq(connectionStates.project_id, expected.projectId));
  const [row] = await ctx.db
    .delete(connectionStates)
    .where(and(...conditions))
    .returning({ kind: connectionStates.kind, workspaceId: connectionStates.workspace_id, projectId: connectionStates.project_id });
  if (!row) throw Invalid.field("state", CONNECTION_STATE_REFUSED);
  return row;
}
