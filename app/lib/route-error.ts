// What a route's error boundary caught, as a failure kind (the one table of kinds, in
// action-answer.ts), so a boundary reacts to what went wrong and never to a status number.
import { isRouteErrorResponse } from "@remix-run/react";
import { type FailureKind, kindOfStatus } from "./action-answer";

/** The kind of a thrown response; null for anything else (an exception, a lost connection). */
export function routeErrorKind(error: unknown): FailureKind | null {
  return isRouteErrorResponse(error) ? kindOfStatus(error.status) : null;
}
