import type { Caller } from "@/lib/access/auth/permissions";

export interface Idempotency {
  caller: string;
  key: string;
  requestHash: Buffer;
}

/** Who asked for an operation, what they attached, and the idempotency key it was sent with: its record's columns. */
export function operationOrigin(caller: Caller, extra: Record<string, unknown>, idempotency: Idempotency | null) {
  return {
    extra: JSON.stringify(extra),
    requested_by_api_key_id: caller.kind === "api_key" ? caller.id : null,
    requested_by_user_id: caller.kind === "user" ? caller.id : null,
    idempotency_caller: idempotency?.caller ?? null,
    idempotency_key: idempotency?.key ?? null,
    request_hash: idempotency?.requestHash ?? null,
  };
}
