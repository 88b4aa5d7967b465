// The domain's error vocabulary. Verbs throw these; each transport maps them once (lib/http/error-response.ts).

/** Field errors in the shape clients of the interface parse; nested objects for nested fields. */
export interface FieldErrors {
  [field: string]: string[] | FieldErrors;
}

export class DomainError extends Error {}

export class ValidationFailed extends DomainError {
  constructor(readonly fields: FieldErrors) {
    super("Validation failed");
  }
}

export class BadRequest extends DomainError {}

export class Unauthorized extends DomainError {
  constructor(message = "Authentication credentials were not provided.") {
    super(message);
  }
}

export class Forbidden extends DomainError {
  constructor(message = "You do not have permission to perform this action.") {
    super(message);
  }
}

export class NotFound extends DomainError {
  constructor(message = "Not found.") {
    super(message);
  }
}

export class MethodNotAllowed extends DomainError {
  constructor(readonly allow: string[], method: string) {
    super(`Method "${method}" not allowed. Allowed: ${allow.join(", ")}.`);
  }
}

export class Conflict extends DomainError {}

export class PayloadTooLarge extends DomainError {}

/**
 * A gateway that cannot take a payment now: unreachable, or refusing our credentials. A payment starts on the
 * transaction's next gateway instead, or the customer is sent back to the payment page with a notice (never a 5xx
 * page); an API caller gets a 502. The message is for the log and the panel and never holds a secret; `reason` is
 * its gist in a few words for the transaction's timeline ("timeout after 15 s", "credentials refused").
 */
export class GatewayUnavailable extends DomainError {
  constructor(
    message: string,
    readonly reason = "refused to start",
  ) {
    super(message);
  }
}

export class UnsupportedMediaType extends DomainError {}

/** A 429 with Retry-After; the message defaults to the login throttle's. */
export class TooManyRequests extends DomainError {
  constructor(
    readonly retryAfterSeconds: number,
    message = `Too many failed attempts. Try again in ${retryAfterSeconds} seconds.`,
  ) {
    super(message);
  }
}
