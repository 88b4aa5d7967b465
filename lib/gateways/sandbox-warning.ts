import { listEnabledSandboxGatewayCodes } from "@/db/queries/gateway-settings";
import type { Ctx } from "@/lib/core/context";

/**
 * The loud warning for enabled sandbox gateway settings on a public (https) APP_URL, or null: there a customer
 * who pays with a test card (4111 1111 1111 1111) gets a paid transaction and the merchant a `paid` webhook,
 * though no money moved. Said by the start log (server/serve.ts, server/worker.ts) and the admin dashboard.
 */
export function sandboxWarning(appUrl: string, sandboxCodes: string[]): string | null {
  if (!appUrl.startsWith("https://") || sandboxCodes.length === 0) return null;
  const which = sandboxCodes.length === 1 ? `gateway setting is enabled: ${sandboxCodes[0]}` : `gateway settings are enabled: ${sandboxCodes.join(", ")}`;
  return (
    `${sandboxCodes.length} sandbox ${which}, on the public address ${appUrl}. ` +
    "A payment with a test card on them is reported as paid (webhook included) though no money moves. " +
    "Disable them (Admin panel, Gateways) unless this installation is for testing."
  );
}

/** sandboxWarning for the enabled sandbox gateway settings in the database. */
export async function currentSandboxWarning({ ctx, input }: { ctx: Ctx; input: { appUrl: string } }): Promise<string | null> {
  if (!input.appUrl.startsWith("https://")) return null;
  return sandboxWarning(input.appUrl, await listEnabledSandboxGatewayCodes(ctx.db));
}
