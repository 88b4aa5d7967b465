import { randomUUID } from "node:crypto";

// A request's id, carried through everything it does in its scope (lib/core/request-scope.ts), so every log line
// and span can name it.

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The caller's X-Request-Id when sane, else a new one. */
export function requestIdFrom(incoming: string | null | undefined): string {
  return incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
