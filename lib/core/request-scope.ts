import { AsyncLocalStorage } from "node:async_hooks";
import { processWide } from "@/lib/core/process-wide";

// What one request carries through everything it does, in one store: its id for the log lines and spans
// (lib/http/handle-route.ts), its timing for the Server-Timing header (lib/core/timing/request-timing.ts), and a
// page's status (lib/http/page-status.ts). One AsyncLocalStorage rather than one each: Node copies every store
// onto every promise a request makes, so each one more costs CPU on all of them.

/** A page's way to set its response's status (lib/http/page-status.ts). */
export interface PageResponse {
  setStatus(status: number): void;
}

/** Where one request's time goes (lib/core/timing/request-timing.ts). */
export interface RequestTiming {
  started: number;
  /** SQL, ms: the sum over the request's statements (two at once count twice). */
  db: number;
  /** Calls to a gateway (the sandbox's own SQL included: it is the gateway's time), ms. */
  gateway: number;
  /** The result page waiting for the merchant's answer to the webhook, ms. */
  webhook: number;
  /** Gateway calls in flight: the SQL they run is counted as theirs. */
  inGateway: number;
}

export interface RequestScope {
  requestId?: string;
  timing?: RequestTiming;
  page?: PageResponse;
}

// One store for the web server and for the build's bundles.
const scope = processWide("request-scope", () => new AsyncLocalStorage<RequestScope>());

/** The current request's scope, if any. */
export const requestScope = (): RequestScope | undefined => scope.getStore();

/** Runs `work` in the current request's scope (or a new one) with `parts` added to it. */
export function inRequestScope<T>(parts: RequestScope, work: () => T): T {
  return scope.run({ ...scope.getStore(), ...parts }, work);
}
