import { readWebhookKey } from "@/db/queries/webhook-key";
import { recordAudit } from "@/lib/access/audit/record-audit";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { requireSuperuser } from "@/lib/access/auth/permissions";
import { verifyAdminCredentials } from "@/lib/access/auth/verify-admin-credentials";
import type { Ctx } from "@/lib/core/context";

/**
 * The current webhook signing key, for a superuser who typed their password again: checked as a sign-in is (the
 * same hash check, and the same per-address throttle, so the form is no faster way to guess a password). Each
 * reveal is audited (without the key); the key goes to this answer only, never to a log.
 */
export async function revealWebhookKey({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { caller: UserCaller; password: string; ip: string };
}): Promise<{ key: string | null }> {
  requireSuperuser(input.caller);
  // Throws Unauthorized on a wrong password, TooManyRequests past the sign-in throttle's budget.
  await verifyAdminCredentials({ ctx, input: { username: input.caller.username, password: input.password, ip: input.ip } });
  const key = await readWebhookKey(ctx.db);
  await recordAudit(ctx.db, input.caller, { action: "settings.webhook_key.reveal", entity: "settings", after: { key_set: key !== null } });
  return { key };
}
