// Typed errors thrown by the domain layer. The API (workers/api/errors.ts) and Remix
// (app/lib/errors.server.ts) map them to responses in one place each.

export type FieldErrors = Record<string, string[]>;

export abstract class DomainError extends Error {
  abstract readonly status: number;
  /** The JSON body the REST API answers with. */
  abstract body(): Record<string, unknown>;
}

abstract class MessageError extends DomainError {
  body() {
    return { error: this.message };
  }
}

/** 400 with field messages: `{"name": ["Name is required"]}`. */
export class Invalid extends DomainError {
  readonly status = 400;
  constructor(readonly fields: FieldErrors) {
    super(Object.values(fields).flat().join(" "));
  }
  static field(field: string, message: string) {
    return new Invalid({ [field]: [message] });
  }
  body() {
    return this.fields;
  }
}

/** 400 that is about the request as a whole rather than one field. */
export class BadRequest extends MessageError {
  readonly status = 400;
}
export class Unauthorized extends MessageError {
  readonly status = 401;
  constructor(message = "Authentication credentials were not provided.") {
    super(message);
  }
}
export class Forbidden extends MessageError {
  readonly status = 403;
  constructor(message = "You do not have permission to perform this action.") {
    super(message);
  }
}
export class NotFound extends MessageError {
  readonly status = 404;
  constructor(message = "Not found.") {
    super(message);
  }
}
export class Conflict extends MessageError {
  readonly status = 409;
}
export class PayloadTooLarge extends MessageError {
  readonly status = 413;
}
export class RateLimited extends MessageError {
  readonly status = 429;
}
export class ServiceUnavailable extends MessageError {
  readonly status = 503;
}
