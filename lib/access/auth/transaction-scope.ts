import { canUseGateway, type Caller } from "./permissions";

/**
 * The gateway codes whose transactions a caller may see, for queries; null when they may see them all. A query
 * keeps a transaction only when every code of its pg_codes is among these (`pg_codes <@ codes`), never on overlap.
 */
export const visibleGatewayCodes = (caller: Caller): string[] | null =>
  caller.kind === "api_key" || caller.isSuperuser ? null : caller.gatewayCodes;

/**
 * A transaction is the caller's only when the caller may use every gateway it names (containment, not overlap):
 * a Basic user of gateway B does not act on a transaction that offers A as well. Anything else is answered as if
 * the transaction did not exist.
 */
export const canSeeTransaction = (caller: Caller, pgCodes: readonly string[]): boolean =>
  visibleGatewayCodes(caller) === null || (pgCodes.length > 0 && pgCodes.every((code) => canUseGateway(caller, code)));

/**
 * Refund, capture and void move money a gateway took: besides seeing the transaction, the caller must be allowed
 * the gateway that took the payment (null: nothing was taken yet).
 */
export const canMoveMoneyOf = (caller: Caller, pgCodes: readonly string[], takenBy: string | null): boolean =>
  canSeeTransaction(caller, pgCodes) && (takenBy === null || canUseGateway(caller, takenBy));
