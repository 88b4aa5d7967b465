import autocannon from "autocannon";

export interface Target {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}

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
  const result = await autocannon({ ...target, connections, duration: seconds });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}
