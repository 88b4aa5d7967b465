import type { Db } from "@/db/client";
import { listCurrencyStates } from "@/db/queries/gateway-settings-admin";

/** What is wrong with a gateway's currencies: any not configured, or disabled (nothing when all may be used). */
export async function gatewayCurrencyErrors(db: Db, codes: string[]): Promise<string[]> {
  const states = new Map((await listCurrencyStates(db)).map((c) => [c.code, c.enabled]));
  const missing = codes.filter((c) => !states.has(c));
  const disabled = codes.filter((c) => states.get(c) === false);
  return [
    ...(missing.length > 0 ? [`Not in the configured currencies list: ${missing.join(", ")}. Add them first (add-currency).`] : []),
    ...(disabled.length > 0 ? [`Disabled: ${disabled.join(", ")}. Enable them first, or leave them out.`] : []),
  ];
}
