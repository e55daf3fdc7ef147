// Domain errors become Remix responses here, through the same kind-to-status table as the REST
// API (workers/lib/error-status.ts, ADR 011). Loaders throw route errors the shells' error
// boundaries render; form actions answer Conform replies; button actions answer `{ok: false}`.
// Every helper reads the error through `failureOf`, so Unauthenticated always means sign-in, and
// every failure answer names its kind, which the browser reads (app/lib/action-answer.ts).
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/cloudflare";
import type { DomainError } from "../../workers/domain/errors";
import { type ErrorAnswer, STATUS_OF_KIND, describeError, errorHeaders } from "../../workers/lib/error-status";
import { signInPath } from "./paths";

/** What a route error boundary receives as `error.data` for a domain error. */
export type RouteErrorData = { message: string };

/** Anything that can build a Conform reply (a Submission from parseWithZod). */
type Replyable = {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult;
};

/** The redirect to sign-in that comes back to this page afterwards. */
export function signInRedirect(request: Request) {
  const url = new URL(request.url);
  return redirect(signInPath(url.pathname + url.search));
}

/**
 * Reads a thrown error: a domain error as status, message and fields; Unauthenticated becomes
 * the sign-in redirect (unless the form itself answers it); anything else is rethrown as is.
 */
function failureOf(error: unknown, request: Request, options: { unauthenticatedOnForm?: boolean } = {}): ErrorAnswer {
  const failure = describeError(error);
  if (!failure) throw error;
  if (failure.kind === "Unauthenticated" && !options.unauthenticatedOnForm) throw signInRedirect(request);
  return failure;
}

function routeErrorOf(failure: ErrorAnswer) {
  return data({ message: failure.message } satisfies RouteErrorData, { status: failure.status });
}

/** The route error to throw for a domain error raised outside a domain call (a cross-origin write). */
export function routeError(error: DomainError) {
  return routeErrorOf(describeError(error));
}

/** Turns a thrown error into what a loader or action throws: sign-in or a route error. */
export function toRouteError(error: unknown, request: Request): never {
  throw routeErrorOf(failureOf(error, request));
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
 * For form actions: field messages go onto the form's fields (400, epic-stack style) and a
 * message about the whole input onto the form; other domain errors become a form-level error
 * with their status so the UI can react (a 403 toast).
 */
export function replyWithError(
  submission: Replyable,
  error: unknown,
  request: Request,
  options: { unauthenticatedOnForm?: boolean; hideFields?: string[] } = {},
) {
  // On the sign-in form a 401 is the answer itself ("Invalid email or password."), not a redirect.
  const failure = failureOf(error, request, options);
  const { hideFields } = options;
  if (failure.fields) {
    const fieldErrors: Record<string, string[]> = {};
    const formErrors: string[] = [];
    for (const [field, messages] of Object.entries(failure.fields)) {
      if (field === "body" || field === "") formErrors.push(...messages);
      else fieldErrors[field] = messages;
    }
    return data(
      { result: submission.reply({ fieldErrors, formErrors, hideFields }), status: failure.status, kind: failure.kind },
      { status: failure.status },
    );
  }
  return data(
    { result: submission.reply({ formErrors: [failure.message], hideFields }), status: failure.status, kind: failure.kind },
    { status: failure.status, headers: errorHeaders(failure) },
  );
}

/**
 * For actions without a Conform form (buttons): `{ok: false, error, status}` with the error's
 * status. `intent` names the control that asked, so it can show its own failure text; `fields`
 * adds the field messages of an input error.
 */
export function actionError(error: unknown, request: Request, options: { intent?: string; fields?: boolean } = {}) {
  const body = actionErrorBody(error, request, options);
  return data(body, { status: body.status });
}

/** The same answer from a resource route, whose returned `data()` would lose its status. */
export function resourceActionError(error: unknown, request: Request, options: { intent?: string; fields?: boolean } = {}) {
  const body = actionErrorBody(error, request, options);
  return Response.json(body, { status: body.status });
}

function actionErrorBody(error: unknown, request: Request, options: { intent?: string; fields?: boolean }) {
  const failure = failureOf(error, request);
  return {
    ok: false as const,
    error: failure.message,
    // The kind is what the browser branches on (app/lib/action-answer.ts); the status stays for old readers.
    kind: failure.kind,
    status: failure.status,
    ...(options.intent === undefined ? {} : { intent: options.intent }),
    ...(options.fields && failure.fields ? { fields: failure.fields } : {}),
  };
}

/** A submission that failed the schema on the server (the browser normally catches it first). */
export function invalidReply(submission: Replyable, options: { hideFields?: string[] } = {}) {
  const status = STATUS_OF_KIND.Invalid;
  return data({ result: submission.reply({ hideFields: options.hideFields }), status, kind: "Invalid" as const }, { status });
}
