// The one mapping from domain errors to Remix responses (design.md section 5.5). Loaders throw
// route errors the shells' error boundaries render; form actions answer Conform replies.
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/cloudflare";
import { DomainError, Invalid, Unauthorized } from "../../workers/domain/errors";
import { signInPath } from "./paths";

/** What a route error boundary receives as `error.data` for a domain error. */
export type RouteErrorData = { message: string };

/** Anything that can build a Conform reply (a Submission from parseWithZod). */
type Replyable = {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult;
};

function signInRedirect(request: Request) {
  const url = new URL(request.url);
  return redirect(signInPath(url.pathname + url.search));
}

/**
 * Turns a thrown error into what a loader or action throws: a redirect to sign-in for 401, a
 * status-carrying route error for the other domain errors; anything else is rethrown as is.
 */
export function toRouteError(error: unknown, request: Request): never {
  if (error instanceof Unauthorized) throw signInRedirect(request);
  if (error instanceof DomainError) {
    throw data({ message: error.message } satisfies RouteErrorData, { status: error.status });
  }
  throw error;
}

/** Runs a domain call from a loader; domain errors become route errors. */
export async function loadOrThrow<T>(request: Request, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    return toRouteError(error, request);
  }
}

/**
 * For form actions: `Invalid` becomes field errors on the form (400, epic-stack style); other
 * domain errors become a form-level error with their status so the UI can react (a 403 toast).
 */
export function replyWithError(
  submission: Replyable,
  error: unknown,
  request: Request,
  options: { unauthorizedOnForm?: boolean; hideFields?: string[] } = {},
) {
  if (error instanceof Invalid) {
    const fieldErrors: Record<string, string[]> = {};
    const formErrors: string[] = [];
    for (const [field, messages] of Object.entries(error.fields)) {
      if (field === "body" || field === "") formErrors.push(...messages);
      else fieldErrors[field] = messages;
    }
    return data(
      { result: submission.reply({ fieldErrors, formErrors, hideFields: options.hideFields }), status: 400 },
      { status: 400 },
    );
  }
  // On the sign-in form a 401 is the answer itself ("Invalid email or password."), not a redirect.
  if (error instanceof Unauthorized && !options.unauthorizedOnForm) throw signInRedirect(request);
  if (error instanceof DomainError) {
    return data(
      { result: submission.reply({ formErrors: [error.message], hideFields: options.hideFields }), status: error.status },
      { status: error.status },
    );
  }
  throw error;
}

/** For actions without a Conform form (buttons): a JSON-ish answer with the message and status. */
export function actionError(error: unknown, request: Request) {
  if (error instanceof Unauthorized) throw signInRedirect(request);
  if (error instanceof DomainError) {
    return data({ ok: false as const, error: error.message, status: error.status }, { status: error.status });
  }
  throw error;
}

/** A submission that failed the schema on the server (the browser normally catches it first). */
export function invalidReply(submission: Replyable, options: { hideFields?: string[] } = {}) {
  return data({ result: submission.reply({ hideFields: options.hideFields }), status: 400 }, { status: 400 });
}
