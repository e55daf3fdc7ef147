// Accounts: sign-up, sign-in, the signed-in user's profile and API tokens.
import { and, eq } from "drizzle-orm";
import { SignInInput, SignUpInput, UpdateMeInput } from "./schemas/accounts";
import { CreateApiTokenInput } from "./schemas/api-tokens";
import { apiTokens, users } from "../../drizzle/schema";
import { randomToken, sha256Hex } from "../auth/crypto";
import { deleteAllSessions } from "../auth/sessions";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../auth/passwords";
import { runBatch } from "../lib/batch";
import { parseInput } from "../lib/validation";
import { verificationMail } from "./email-verification";
import type { ActorContext, DomainContext } from "./context";
import { Invalid, NotFound, Unauthenticated } from "./errors";
import { API_TOKEN_ORDER, apiTokenListQuery, writeOwnUser } from "./profile";
import { type PageRequest, readPage } from "./list-page";
import { assertStrongPassword, personNamesOf } from "./password-policy";
import { type SignInClient, settleSuccessfulSignIn, takeSignInAttempt, throttleKeys } from "./sign-in-throttle";
import { takeSignUp } from "./sign-up-limit";

export const EMAIL_TAKEN = "An account with this email already exists.";
export const INVALID_CREDENTIALS = "Invalid email or password.";

/**
 * Creates an account. The email is stored trimmed and in lower case, as every lookup compares it;
 * a password too easy to guess is refused, and sign-ups are limited per email and per client
 * address (sign-up-limit.ts) before anything is hashed or written.
 */
export async function signUp(ctx: DomainContext, input: unknown, client: SignInClient = { address: null }) {
  const data = parseInput(SignUpInput, input);
  const display_name = data.email.split("@")[0];
  assertStrongPassword(data.password, { email: data.email, names: personNamesOf({ ...data, display_name }) });
  await takeSignUp(ctx, data.email, client);
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, data.email)).limit(1);
  if (existing) throw Invalid.field("email", EMAIL_TAKEN);
  const password_hash = await hashPassword(data.password, ctx.config.PASSWORD_HASH_ITERATIONS);
  const inserted = await ctx.db
    .insert(users)
    .values({ email: data.email, password_hash, first_name: data.first_name, last_name: data.last_name, display_name })
    .onConflictDoNothing()
    .returning();
  // Two sign-ups racing for one email: the unique index decides, the loser gets the field error.
  if (inserted.length === 0) throw Invalid.field("email", EMAIL_TAKEN);
  // The address is proven by the link this mails (the account works meanwhile).
  await runBatch(ctx.db, [...(await verificationMail(ctx, inserted[0]))]);
  return inserted[0];
}

/**
 * Checks an email and password. Every answer for a wrong password, an unknown email or a bot is the
 * same 401, and each costs one password hash. Each attempt counts against the account and the
 * client address before the hash; past the limit it is refused without one (sign-in-throttle.ts).
 */
export async function signIn(ctx: DomainContext, input: unknown, client: SignInClient = { address: null }) {
  const data = parseInput(SignInInput, input);
  const keys = await throttleKeys(data.email, client);
  const [[user], attempt] = await Promise.all([
    ctx.db.select().from(users).where(eq(users.email, data.email)).limit(1),
    takeSignInAttempt(ctx, keys),
  ]);
  // Hash even for an unknown email so the response time does not tell which emails exist.
  const ok = await verifyPassword(
    data.password,
    user?.password_hash ?? (await dummyPasswordHash(ctx.config.PASSWORD_HASH_ITERATIONS)),
  );
  if (!user || !ok || user.is_bot) throw new Unauthenticated(INVALID_CREDENTIALS);
  await settleSuccessfulSignIn(ctx, attempt);
  return user;
}

/** Signing out everywhere ends every session of the user, on every device; API tokens stay. */
export async function signOutEverywhere(ctx: ActorContext) {
  await deleteAllSessions(ctx.db, ctx.actor.id);
}

export async function updateMe(ctx: ActorContext, input: unknown) {
  const data = parseInput(UpdateMeInput, input);
  const { theme, ...rest } = data;
  const values = { ...rest, ...(theme !== undefined ? { theme } : {}) };
  return writeOwnUser(ctx, values);
}


/** One page of the user's API tokens, newest first. */
export function listApiTokens(ctx: ActorContext, page: PageRequest) {
  return readPage(page, API_TOKEN_ORDER, (after, _orderBy, limit) => apiTokenListQuery(ctx, after).limit(limit));
}

/** The token is returned once; only its hash is kept. It has the scope and expiry asked for. */
export async function createApiToken(ctx: ActorContext, input: unknown) {
  const { label, scope, expires_at } = parseInput(CreateApiTokenInput, input);
  const token = randomToken("et_");
  const [row] = await ctx.db
    .insert(apiTokens)
    .values({ user_id: ctx.actor.id, label, scope, expires_at, token_hash: await sha256Hex(token) })
    .returning();
  return { id: row.id, label: row.label, scope: row.scope, expires_at: row.expires_at, token, created_at: row.created_at };
}

export async function deleteApiToken(ctx: ActorContext, tokenId: string) {
  const deleted = await ctx.db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.user_id, ctx.actor.id)))
    .returning({ id: apiTokens.id });
  if (deleted.length === 0) throw new NotFound("API token not found.");
}
