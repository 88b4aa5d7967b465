// Errors that mean "the database cannot be reached right now", not "this request is wrong": the answer is a 503
// with Retry-After, so that clients retry instead of treating the request as failed for good.

const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
// SQLSTATE: class 08 (connection exception), the server shutting down or starting (57P01–57P03), too many
// connections (53300).
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
// node-postgres raises these without a code: a pool that cannot get a connection in time, a dropped socket.
const UNAVAILABLE_MESSAGES = /timeout exceeded when trying to connect|Connection terminated|connection error and is not queryable/;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
  if (UNAVAILABLE_MESSAGES.test(error.message)) return true;
  // Node's happy-eyeballs connect fails with every address's error at once.
  return error instanceof AggregateError && error.errors.some(isDatabaseUnavailable);
}

/** Seconds a client should wait before retrying: about how long the embedded database takes to come back. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
