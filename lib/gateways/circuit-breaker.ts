/** When a gateway is skipped: `failures` unavailable answers in a row, all within `windowMs`, keep it off for `coolDownMs`. */
export interface CircuitRules {
  failures: number;
  windowMs: number;
  coolDownMs: number;
}

/** The documented numbers (docs/gateways/failover.md): 5 failures in a row within 60 s → skipped for 30 s. */
export const CIRCUIT_RULES: CircuitRules = { failures: 5, windowMs: 60_000, coolDownMs: 30_000 };

/** A circuit that is open: since when, after how many failures in a row, and whether a trial request is out. */
export interface OpenCircuit {
  code: string;
  since: Date;
  failures: number;
  trial: boolean;
}

interface Circuit {
  /** Times of the failures in a row, oldest first, none older than the window. */
  failures: number[];
  /** When it opened first (a failed trial keeps it), and when its current cool-down began. */
  since: number | null;
  openedAt: number | null;
  /** When the one request let through after the cool-down left; null while none is out. */
  trialAt: number | null;
  /** Failures in a row when it opened (kept while it stays open). */
  openedAfter: number;
}

/**
 * Per-process circuit breakers, one per gateway setting (by code), on the answers of starting a payment. Closed: every
 * request goes. Open: none goes until the cool-down is over. Then half-open: one trial request goes (the others are
 * still skipped); its success closes the circuit, its failure opens it for another cool-down. A trial that never
 * reports (the process lost it) is given up after one more cool-down and another goes. Pure: time is passed in.
 */
export class CircuitBreakers {
  private readonly circuits = new Map<string, Circuit>();

  constructor(
    private readonly rules: CircuitRules = CIRCUIT_RULES,
    private readonly now: () => number = Date.now,
  ) {}

  /** May a request go to this gateway now? True past the cool-down claims the one trial. */
  allow(code: string): boolean {
    const circuit = this.circuits.get(code);
    if (!circuit || circuit.openedAt === null) return true;
    const at = this.now();
    if (at < circuit.openedAt + this.rules.coolDownMs) return false;
    if (circuit.trialAt !== null && at < circuit.trialAt + this.rules.coolDownMs) return false;
    circuit.trialAt = at;
    return true;
  }

  /** The gateway answered: its circuit closes (true when it was open). */
  succeeded(code: string): boolean {
    const wasOpen = this.circuits.get(code)?.openedAt != null;
    this.circuits.delete(code);
    return wasOpen;
  }

  /** The gateway was unavailable. True when this failure opened its circuit (or opened it again after a trial). */
  failed(code: string): boolean {
    const at = this.now();
    const circuit = this.circuits.get(code) ?? { failures: [], since: null, openedAt: null, trialAt: null, openedAfter: 0 };
    this.circuits.set(code, circuit);
    circuit.failures = [...circuit.failures.filter((t) => t > at - this.rules.windowMs), at];
    if (circuit.openedAt !== null) {
      // Open and failing again (the trial, or a request that left before it opened): another full cool-down.
      circuit.openedAt = at;
      circuit.trialAt = null;
      circuit.openedAfter++;
      return true;
    }
    if (circuit.failures.length < this.rules.failures) return false;
    circuit.since = circuit.openedAt = at;
    circuit.openedAfter = circuit.failures.length;
    return true;
  }

  /** The open circuits (half-open ones included), by code. */
  open(): OpenCircuit[] {
    return [...this.circuits]
      .filter(([, c]) => c.openedAt !== null)
      .map(([code, c]) => ({ code, since: new Date(c.since!), failures: c.openedAfter, trial: c.trialAt !== null }))
      .sort((a, b) => a.code.localeCompare(b.code));
  }
}
