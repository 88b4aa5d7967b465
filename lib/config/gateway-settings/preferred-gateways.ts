/**
 * Of the gateways a caller may use that take a currency, those a payment request offers when none is named: the
 * production ones, or, only when there are none, the sandbox ones (a transaction never mixes the two).
 */
export function preferredGateways<G extends { is_sandbox: boolean }>(taking: G[]): G[] {
  const production = taking.filter((g) => !g.is_sandbox);
  return production.length > 0 ? production : taking;
}
