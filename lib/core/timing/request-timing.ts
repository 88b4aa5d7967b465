import { inRequestScope, type RequestTiming, requestScope } from "@/lib/core/request-scope";

// Where one request's time goes, for its Server-Timing header (lib/http/server-timing.ts): kept as a few numbers
// that every SQL statement, gateway call and wait adds to, so that measuring costs next to nothing.

/** Runs `work` with a fresh timing that everything it does adds to. */
export function timeRequest<T>(work: (timing: RequestTiming) => T): T {
  const timing: RequestTiming = { started: performance.now(), db: 0, gateway: 0, webhook: 0, inGateway: 0 };
  return inRequestScope({ timing }, () => work(timing));
}

/** A statement's duration, added to the current request's database (or gateway) time. */
export function addDatabaseTime(ms: number): void {
  const timing = requestScope()?.timing;
  if (timing && timing.inGateway === 0) timing.db += ms;
}

/** Time the current request spent waiting for the merchant's webhook answer. */
export function addWebhookWait(ms: number): void {
  const timing = requestScope()?.timing;
  if (timing) timing.webhook += ms;
}

/** `call`'s result, its time added to the current request's gateway time. */
export function timeGatewayCall<T>(call: () => T): T {
  const timing = requestScope()?.timing;
  if (!timing) return call();
  const started = performance.now();
  const done = () => {
    timing.inGateway--;
    timing.gateway += performance.now() - started;
  };
  timing.inGateway++;
  let result: T;
  try {
    result = call();
  } catch (error) {
    done();
    throw error;
  }
  if (result instanceof Promise) return result.finally(done) as T;
  done();
  return result;
}

const fixed = (ms: number) => ms.toFixed(1);

/**
 * The Server-Timing header's value (W3C Server Timing) so far: db, gateway, webhook wait, the rest (our code and
 * rendering) and the total, in ms.
 */
export function serverTiming(timing: RequestTiming): string {
  const total = performance.now() - timing.started;
  const app = Math.max(0, total - timing.db - timing.gateway - timing.webhook);
  return `db;dur=${fixed(timing.db)}, gateway;dur=${fixed(timing.gateway)}, webhook;dur=${fixed(timing.webhook)}, app;dur=${fixed(app)}, total;dur=${fixed(total)}`;
}
