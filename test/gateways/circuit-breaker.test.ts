import { describe, expect, it } from "vitest";
import { CircuitBreakers } from "@/lib/gateways/circuit-breaker";

// The circuit breaker's rules on a clock the test moves (docs/gateways/failover.md).

const RULES = { failures: 3, windowMs: 60_000, coolDownMs: 30_000 };

function breakers() {
  const clock = { now: 1_000_000 };
  return { clock, circuits: new CircuitBreakers(RULES, () => clock.now) };
}

describe("CircuitBreakers", () => {
  it("opens after N failures in a row within the window, and skips the gateway during the cool-down", () => {
    const { clock, circuits } = breakers();
    expect(circuits.failed("mpgs")).toBe(false);
    expect(circuits.failed("mpgs")).toBe(false);
    expect(circuits.allow("mpgs")).toBe(true);
    expect(circuits.failed("mpgs")).toBe(true);
    expect(circuits.allow("mpgs")).toBe(false);
    expect(circuits.allow("sandbox")).toBe(true);
    expect(circuits.open()).toEqual([{ code: "mpgs", since: new Date(clock.now), failures: 3, trial: false }]);
    clock.now += RULES.coolDownMs - 1;
    expect(circuits.allow("mpgs")).toBe(false);
  });

  it("a success in between starts the count again", () => {
    const { circuits } = breakers();
    circuits.failed("mpgs");
    circuits.failed("mpgs");
    circuits.succeeded("mpgs");
    expect(circuits.failed("mpgs")).toBe(false);
    expect(circuits.failed("mpgs")).toBe(false);
    expect(circuits.allow("mpgs")).toBe(true);
  });

  it("failures further apart than the window do not open it", () => {
    const { clock, circuits } = breakers();
    circuits.failed("mpgs");
    clock.now += RULES.windowMs;
    circuits.failed("mpgs");
    expect(circuits.failed("mpgs")).toBe(false);
    expect(circuits.open()).toEqual([]);
  });

  it("half-open after the cool-down: one trial goes, the others wait; its success closes the circuit", () => {
    const { clock, circuits } = breakers();
    for (let i = 0; i < RULES.failures; i++) circuits.failed("mpgs");
    clock.now += RULES.coolDownMs;
    expect(circuits.allow("mpgs")).toBe(true);
    expect(circuits.allow("mpgs")).toBe(false);
    expect(circuits.open()[0]).toMatchObject({ code: "mpgs", trial: true });
    expect(circuits.succeeded("mpgs")).toBe(true);
    expect(circuits.open()).toEqual([]);
    expect(circuits.allow("mpgs")).toBe(true);
    expect(circuits.succeeded("mpgs")).toBe(false);
  });

  it("a failed trial opens it for another cool-down, keeping when it first opened", () => {
    const { clock, circuits } = breakers();
    for (let i = 0; i < RULES.failures; i++) circuits.failed("mpgs");
    const since = new Date(clock.now);
    clock.now += RULES.coolDownMs;
    expect(circuits.allow("mpgs")).toBe(true);
    expect(circuits.failed("mpgs")).toBe(true);
    expect(circuits.allow("mpgs")).toBe(false);
    expect(circuits.open()).toEqual([{ code: "mpgs", since, failures: RULES.failures + 1, trial: false }]);
    clock.now += RULES.coolDownMs;
    expect(circuits.allow("mpgs")).toBe(true);
  });

  it("a trial that never reports is given up after another cool-down", () => {
    const { clock, circuits } = breakers();
    for (let i = 0; i < RULES.failures; i++) circuits.failed("mpgs");
    clock.now += RULES.coolDownMs;
    expect(circuits.allow("mpgs")).toBe(true);
    clock.now += RULES.coolDownMs - 1;
    expect(circuits.allow("mpgs")).toBe(false);
    clock.now += 1;
    expect(circuits.allow("mpgs")).toBe(true);
  });
});
