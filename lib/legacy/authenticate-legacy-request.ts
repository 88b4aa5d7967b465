import type { Ctx } from "@/lib/core/context";
import { authenticateRequest } from "@/lib/http/authenticate-request";
import { clientIp } from "@/lib/core/client-ip";
import { isAllowedAddress } from "@/lib/core/validation/allowed-networks";
import type { LegacyCaller } from "./legacy-caller";
import { legacySettings } from "./legacy-settings";

/**
 * The caller of a legacy request. Credentials, when sent, decide (wrong ones are a 401 from anywhere); without
 * them, a client address in the admin's allowed networks is let in; any other request gets the usual 401.
 */
export async function authenticateLegacyRequest(ctx: Ctx, request: Request): Promise<LegacyCaller> {
  if (!request.headers.get("authorization")?.trim()) {
    const ip = clientIp(request.headers);
    const { legacy_allowed_networks } = await legacySettings(ctx);
    if (isAllowedAddress(legacy_allowed_networks, ip)) return { kind: "allowed_address", address: ip };
  }
  return authenticateRequest(ctx, request);
}
