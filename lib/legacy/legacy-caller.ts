import { type Caller, canUseGateway } from "@/lib/access/auth/permissions";
import { callerScope } from "@/lib/checkout/idempotency/idempotency-key";

/**
 * Who calls the legacy interface: a caller with credentials (API key or Basic user, as on the checkout
 * interface), or, without credentials, an address the administrator allowed, acting with every gateway code.
 */
export type LegacyCaller = Caller | { kind: "allowed_address"; address: string };

export const mayUseGateway = (caller: LegacyCaller, code: string): boolean =>
  caller.kind === "allowed_address" || canUseGateway(caller, code);

/** Who created a transaction, as its "created" event records it. */
export const legacyActor = (caller: LegacyCaller): string =>
  caller.kind === "allowed_address" ? `allowed_address:${caller.address}` : callerScope(caller);
