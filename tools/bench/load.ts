import autocannon from "autocannon";
import type { Target } from "../shared/http";

export type { Target };

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  failed: number;
}

export const CONNECTIONS = 50;

/**
 * Loads `target` with autocannon for `seconds` over `connections` and returns requests/s, latency percentiles (ms;
 * autocannon's latency runs from sending a request until its whole response is read) and failures.
 */
export async function measure(target: Target, seconds: number, connections = CONNECTIONS): Promise<Figures> {
  const { bodies, status, ...request } = target;
  let next = 0;
  const turns = bodies && { requests: [{ setupRequest: (r: Record<string, unknown>) => ({ ...r, body: bodies[next++ % bodies.length] }) }] };
  const result = await autocannon({ ...request, ...turns, connections, duration: seconds });
  const unexpected = status
    ? Object.entries(result.statusCodeStats).reduce((sum, [code, { count }]) => sum + (Number(code) === status ? 0 : count), 0)
    : result.non2xx;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failed: unexpected + result.errors + result.timeouts,
  };
}
