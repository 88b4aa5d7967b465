import { logger } from "@/lib/core/log/logger";
import { setGatewayCircuitOpen } from "@/lib/core/metrics/metrics";
import { CircuitBreakers, type OpenCircuit } from "./circuit-breaker";

// This process's circuit breakers on starting payments (circuit-breaker.ts), kept on globalThis as the metrics are:
// the Next.js bundles and the web server load their own copies of this module.
const holder = globalThis as unknown as { __gatewayCircuits?: CircuitBreakers };
const circuits = () => (holder.__gatewayCircuits ??= new CircuitBreakers());

/** A detour's reason when the gateway was not even asked. */
export const CIRCUIT_OPEN = "circuit open";

/** May a payment start on this gateway setting now, or is it skipped (circuit open)? */
export const mayStartOn = (code: string): boolean => circuits().allow(code);

/** A payment started on the gateway setting: a circuit that was open closes. */
export function startedOn(code: string): void {
  if (!circuits().succeeded(code)) return;
  setGatewayCircuitOpen(code, false);
  logger.info({ code }, "gateway answers again: circuit closed");
}

/** The gateway setting was unavailable as a payment started: one more failure in a row. */
export function unavailableOn(code: string): void {
  if (!circuits().failed(code)) return;
  setGatewayCircuitOpen(code, true);
  logger.warn({ code }, "gateway failed too often: circuit open, payments skip it for a while");
}

/** This process's open circuits, for the panel's dashboard. */
export const openCircuits = (): OpenCircuit[] => circuits().open();
