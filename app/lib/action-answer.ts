// How the browser reads the answer to something it asked the server to do, whether a page
// action answered through a fetcher or the REST API answered a fetch. Every failure is read into
// one shape that names its kind (the domain's kinds, plus `Failed` for anything that is not a
// domain refusal), so a screen reacts to what went wrong and never to a status number. Pure and
// client-safe: the hook in app/hooks/use-action.tsx turns a failure into field errors or a toast.
import { ERROR_KINDS, type ErrorKind } from "../../workers/domain/schemas/error-kinds";

/** A domain kind, or `Failed` for a crash, a lost connection or an answer that is not a refusal. */
export type FailureKind = ErrorKind | "Failed";

/** A refused or failed action, as every screen reads it. */
export interface ActionFailure {
  ok: false;
  kind: FailureKind;
  /** The server's message; empty when it gave none. */
  error: string;
  /** Messages per field when the input broke a rule about named fields. */
  fields?: Record<string, string[]>;
  /** The control that asked, when the action names it. */
  intent?: string;
  /** The answer is a form's reply, whose messages the form shows itself. */
  onForm?: true;
}

/**
 * The kind a REST status stands for: the inverse of the server's kind-to-status table, which the
 * REST answer does not name (its body stays `{"error"}` or the field messages).
 */
const KIND_OF_STATUS: Readonly<Record<number, ErrorKind>> = {
  400: "Invalid",
  401: "Unauthenticated",
  403: "Forbidden",
  404: "NotFound",
  409: "Conflict",
  413: "TooLarge",
  429: "QuotaExceeded",
  502: "UpstreamFailed",
  503: "Unavailable",
};

/** The failure kind of an HTTP status; anything the table does not name is `Failed`. */
export function kindOfStatus(status: number): FailureKind {
  return KIND_OF_STATUS[status] ?? "Failed";
}

const isKind = (value: unknown): value is ErrorKind => (ERROR_KINDS as readonly unknown[]).includes(value);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Field messages from a record whose array values are messages (`{"name": ["Name is required"]}`). */
function fieldsOf(record: Record<string, unknown>): Record<string, string[]> | undefined {
  const fields: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(record)) {
    if (Array.isArray(value) && value.length > 0) fields[key] = value.map(String);
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/** The kind a page action's answer names, else the one its status stands for. */
function kindOfAnswer(answer: Record<string, unknown>): FailureKind {
  if (isKind(answer.kind)) return answer.kind;
  return typeof answer.status === "number" ? kindOfStatus(answer.status) : "Failed";
}

/**
 * Reads a page action's answer: null when it succeeded, else the failure. A button's refusal is
 * `{ok: false, error, kind}`; a Conform form's is `{result: {status: "error", error}, kind}`.
 */
export function failureOfAnswer(answer: unknown): ActionFailure | null {
  if (!isRecord(answer)) return null;
  const intent = typeof answer.intent === "string" ? { intent: answer.intent } : {};
  if (answer.ok === false) {
    const fields = isRecord(answer.fields) ? fieldsOf(answer.fields) : undefined;
    const error = typeof answer.error === "string" ? answer.error : "";
    return { ok: false, kind: kindOfAnswer(answer), error, ...(fields ? { fields } : {}), ...intent };
  }
  const result = answer.result;
  if (isRecord(result) && result.status === "error" && isRecord(result.error)) {
    const messages = fieldsOf(result.error) ?? {};
    // Conform keeps the form's own messages under the empty key.
    const { "": formErrors = [], ...fields } = messages;
    const error = formErrors[0] ?? Object.values(fields)[0]?.[0] ?? "";
    const kind = isKind(answer.kind) ? answer.kind : typeof answer.status === "number" ? kindOfStatus(answer.status) : "Invalid";
    return { ok: false, kind, error, ...(Object.keys(fields).length > 0 ? { fields } : {}), ...intent, onForm: true };
  }
  return null;
}

/** Reads a refused REST answer: its status gives the kind, its body `{"error"}` or field messages. */
export function failureOfRest(status: number, body: unknown): ActionFailure {
  const record = isRecord(body) ? body : {};
  const { error, ...rest } = record;
  const fields = fieldsOf(rest);
  const message = typeof error === "string" ? error : fields ? (Object.values(fields)[0]?.[0] ?? "") : "";
  return { ok: false, kind: kindOfStatus(status), error: message, ...(fields ? { fields } : {}) };
}

/** The failure of a call that got no answer at all (offline, aborted, an unreadable stream). */
export function failureWithoutAnswer(message = ""): ActionFailure {
  return { ok: false, kind: "Failed", error: message };
}

/**
 * The words a failure's toast shows: the server's message for a domain refusal, else (a crash,
 * no answer, a refusal without words) the screen's own `fallback`.
 */
export function failureMessage(failure: ActionFailure, fallback: string): string {
  return failure.kind !== "Failed" && failure.error !== "" ? failure.error : fallback;
}
