import { canUseGateway, type Caller } from "./permissions";

/** A transaction is the caller's when any of its gateways is one the caller may use. */
export const canSeeTransaction = (caller: Caller, pgCodes: string[]): boolean => pgCodes.some((code) => canUseGateway(caller, code));

/** The gateway codes whose transactions a caller may see, for queries; null when they may see them all. */
export const visibleGatewayCodes = (caller: Caller): string[] | null =>
  caller.kind === "api_key" || caller.isSuperuser ? null : caller.gatewayCodes;
