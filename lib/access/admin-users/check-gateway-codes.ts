import { findGatewaySettingByCode } from "@/db/queries/gateway-settings";
import type { Db } from "@/db/client";
import { ValidationFailed } from "@/lib/core/errors";

/** Refuses gateway codes that name no gateway setting (a user may be given only gateways that exist). */
export async function checkGatewayCodes(db: Db, codes: string[]): Promise<void> {
  const unknown = [];
  for (const code of codes) if (!(await findGatewaySettingByCode(db, code))) unknown.push(code);
  if (unknown.length > 0) {
    throw new ValidationFailed({ gatewayCodes: [`Unknown gateway code(s): ${unknown.join(", ")}.`] });
  }
}
