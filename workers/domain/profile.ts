// The signed-in user's own profile: the page's read model, names and avatar, and changing the
// password (which signs every other session of the user out).
import { type SQL, and, asc, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { accountTokens, apiTokens, fileAssets, sessions, users, workspaceMembers, workspaces, type User } from "../../drizzle/schema";
import { openLink } from "./account-links";
import { type OrderKey, orderOf } from "./list-page";
import { LIST_PAGES } from "./schemas/list-pages";
import { sha256Hex } from "../auth/crypto";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { assertStrongPassword, personNamesOf } from "./password-policy";
import { runNamedBatch } from "../lib/batch";
import { parseInput } from "../lib/validation";
import type { ActorContext } from "./context";
import { Invalid } from "./errors";
import { assetIdInUrl, userAssetUrl } from "./file-assets";
import { AvatarInput, ChangePasswordInput, CURRENT_PASSWORD_WRONG, ProfileInput, type ProfilePageData } from "./schemas/profile";
import { meOf } from "./serializers";
import { notificationMailQuery, preferencesOf } from "./notification-mail";
import { sessionItemsOf, sessionListQuery } from "./user-sessions";

type ApiTokenRow = { id: string; created_at: string };

/** The order of a user's API tokens: newest first, the id breaking ties. */
export const API_TOKEN_ORDER: OrderKey<ApiTokenRow>[] = [
  { by: apiTokens.created_at, dir: "desc", of: (row) => row.created_at },
  { by: apiTokens.id, dir: "desc", of: (row) => row.id },
];

/** The user's API tokens (those matching `where` too), without the tokens themselves. */
export function apiTokenListQuery(ctx: ActorContext, where?: SQL) {
  return ctx.db
    .select({
      id: apiTokens.id,
      label: apiTokens.label,
      scope: apiTokens.scope,
      expires_at: apiTokens.expires_at,
      created_at: apiTokens.created_at,
      last_used_at: apiTokens.last_used_at,
    })
    .from(apiTokens)
    .where(and(eq(apiTokens.user_id, ctx.actor.id), where))
    .orderBy(...orderOf(API_TOKEN_ORDER));
}

/**
 * The one workspace to take the user to: `preferredSlug` if they are a member of it, else their
 * last workspace, else the first by name (none when they belong to no workspace).
 */
export function homeWorkspaceQuery(ctx: ActorContext, preferredSlug: string | null) {
  return ctx.db
    .select({ slug: workspaces.slug, name: workspaces.name })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspace_id))
    .where(eq(workspaceMembers.member_id, ctx.actor.id))
    .orderBy(
      desc(sql`${workspaces.slug} = ${preferredSlug ?? ""}`),
      desc(sql`${workspaces.id} = ${ctx.actor.last_workspace_id ?? ""}`),
      asc(workspaces.name),
    )
    .limit(1);
}

/** The workspace a signed-in user lands in: their last one, else the first by name; null for none. */
export async function homeWorkspaceOf(ctx: ActorContext) {
  const [home] = await homeWorkspaceQuery(ctx, null);
  return home ?? null;
}

/**
 * The profile page in one batch: the user's tokens, their sessions and the workspace to go back to.
 */
export async function profilePageOf(ctx: ActorContext, preferredSlug: string | null): Promise<ProfilePageData> {
  const { tokens, sessionRows, workspace, pendingEmail, notificationMail } = await runNamedBatch(ctx.db, {
    // The page shows as many tokens and sessions as one plain list answers.
    tokens: apiTokenListQuery(ctx).limit(LIST_PAGES.plainListCap),
    sessionRows: sessionListQuery(ctx).limit(LIST_PAGES.plainListCap),
    workspace: homeWorkspaceQuery(ctx, preferredSlug),
    // A new address waiting for its link to be opened.
    pendingEmail: ctx.db
      .select({ email: accountTokens.new_email })
      .from(accountTokens)
      .where(openLink("change-email", eq(accountTokens.user_id, ctx.actor.id), new Date().toISOString()))
      .limit(1),
    notificationMail: notificationMailQuery(ctx.db, ctx.actor.id),
  });
  const { email, first_name, last_name, display_name, avatar } = ctx.actor;
  return {
    profile: { email, first_name, last_name, display_name, avatar },
    emailVerified: ctx.actor.email_verified_at !== null,
    pendingEmail: pendingEmail[0]?.email ?? null,
    tokens,
    sessions: await sessionItemsOf(ctx, sessionRows),
    workspace: workspace[0] ?? null,
    notificationMail: preferencesOf(notificationMail[0]),
  };
}

/**
 * Writes fields of the user's own row. When the avatar changes, the previous avatar's asset (if it
 * was this user's upload) goes in the same transaction, and its stored object after it.
 */
export async function writeOwnUser(ctx: ActorContext, values: Partial<Pick<User, "first_name" | "last_name" | "display_name" | "avatar" | "theme">>) {
  if (Object.keys(values).length === 0) return meOf(ctx.actor);
  const previousAvatar = values.avatar !== undefined && values.avatar !== ctx.actor.avatar ? assetIdInUrl(ctx.actor.avatar, userAssetUrl) : null;
  const { user, removed } = await runNamedBatch(ctx.db, {
    user: ctx.db.update(users).set(values).where(eq(users.id, ctx.actor.id)).returning(),
    removed: previousAvatar
      ? ctx.db
          .delete(fileAssets)
          .where(and(eq(fileAssets.id, previousAvatar), isNull(fileAssets.workspace_id), eq(fileAssets.created_by, ctx.actor.id)))
          .returning({ key: fileAssets.asset_key })
      : undefined,
  });
  for (const { key } of removed ?? []) await ctx.env.FILES.delete(key);
  return meOf(user[0]);
}

/** Saves the names of the profile form. */
export async function updateProfile(ctx: ActorContext, input: unknown) {
  return writeOwnUser(ctx, parseInput(ProfileInput, input));
}

/** Sets the avatar to an uploaded image; the previous upload is deleted. */
export async function setAvatar(ctx: ActorContext, input: unknown) {
  return writeOwnUser(ctx, parseInput(AvatarInput, input));
}

/** Removes the avatar and deletes its upload. */
export async function removeAvatar(ctx: ActorContext) {
  return writeOwnUser(ctx, { avatar: "" });
}

/**
 * Changes the password after checking the current one, and ends every other session of the user
 * in the same transaction; `keepSessionToken` (the caller's own session, if any) stays signed in.
 * API tokens are not sessions and keep working.
 */
export async function changePassword(ctx: ActorContext, input: unknown, keepSessionToken: string | null) {
  const data = parseInput(ChangePasswordInput, input);
  if (!(await verifyPassword(data.current_password, ctx.actor.password_hash))) {
    throw Invalid.field("current_password", CURRENT_PASSWORD_WRONG);
  }
  const { actor } = ctx;
  assertStrongPassword(data.new_password, { email: actor.email, names: personNamesOf(actor) }, "new_password");
  const passwordHash = await hashPassword(data.new_password, ctx.config.PASSWORD_HASH_ITERATIONS);
  const keep = keepSessionToken ? await sha256Hex(keepSessionToken) : "";
  const { changed } = await runNamedBatch(ctx.db, {
    // Only over the hash that was checked: a change that raced this one makes this one fail.
    changed: ctx.db
      .update(users)
      .set({ password_hash: passwordHash })
      .where(and(eq(users.id, ctx.actor.id), eq(users.password_hash, ctx.actor.password_hash)))
      .returning({ id: users.id }),
    // Sessions end only when the password did change.
    signedOut: ctx.db
      .delete(sessions)
      .where(
        and(
          eq(sessions.user_id, ctx.actor.id),
          ne(sessions.token_hash, keep),
          sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${ctx.actor.id} AND ${users.password_hash} = ${passwordHash})`,
        ),
      ),
  });
  if (changed.length === 0) throw Invalid.field("current_password", CURRENT_PASSWORD_WRONG);
}
