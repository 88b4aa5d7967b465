import { Forbidden } from "@/lib/core/errors";

/** Actions an admin user may be allowed; API keys may take all of them. */
export const ACTIONS = ["create", "update", "refund", "capture", "void", "cancel", "expire", "delete", "inquiry", "auto_debit"] as const;
export type Action = (typeof ACTIONS)[number];

export type Caller =
  | { kind: "api_key"; id: string; name: string }
  | {
      kind: "user";
      id: string;
      username: string;
      isSuperuser: boolean;
      gatewayCodes: string[];
      permissions: string[];
    };

export function canUseGateway(caller: Caller, code: string): boolean {
  return caller.kind === "api_key" || caller.isSuperuser || caller.gatewayCodes.includes(code);
}

export const mayDo = (caller: Caller, action: Action): boolean =>
  caller.kind === "api_key" || caller.isSuperuser || caller.permissions.includes(action);

export function requireAction(caller: Caller, action: Action): void {
  if (mayDo(caller, action)) return;
  throw new Forbidden(`You do not have permission to ${action} payment transactions.`);
}

/** Settings, currencies, gateways, users and keys: superusers only (API keys never reach the panel). */
export function requireSuperuser(caller: Caller): void {
  if (caller.kind === "user" && caller.isSuperuser) return;
  throw new Forbidden("Only a superuser may change the service's configuration.");
}
