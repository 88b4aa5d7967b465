import { z } from "zod";
import { decimalString, httpUrl } from "@/lib/core/validation/common";
import { gatewayIcon } from "@/lib/gateways/gateway-icon";
import { KNOWN_PGS } from "@/lib/gateways/known-gateways";

// The rules of a gateway setting's fields, shared by create and update (CLI and panel alike).

export const gatewayCode = z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, "Code must be 1–64 letters, digits, '-' or '_'.");
export const gatewayName = z.string().trim().min(1, "Enter a name.").max(128, "Name may have at most 128 characters.");
export const gatewayPg = z.enum(KNOWN_PGS, { error: `pg must be one of: ${KNOWN_PGS.join(", ")}.` });
export const gatewayCurrencies = z
  .array(z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, "Currency codes are 3 letters (ISO 4217)."))
  .min(1, "List at least one currency.")
  .transform((codes) => [...new Set(codes)]);
export const gatewayOperation = z.enum(["purchase", "authorize"], { error: "Operation must be purchase or authorize." });
/** Failover order among a transaction's other gateways: higher first (docs/gateways/failover.md). The CLI and the panel give text. */
export const gatewayPriority = z.coerce
  .number({ error: "Priority must be a whole number." })
  .int("Priority must be a whole number.")
  .min(-1000, "Priority must be between -1000 and 1000.")
  .max(1000, "Priority must be between -1000 and 1000.");
export const feeFixed = decimalString(6, "Fixed fee");
export const feePercent = decimalString(4, "Percentage fee").refine((v) => Number(v) <= 100, "Percentage fee must be between 0 and 100.");
/** Credential values by field name (which names a pg takes: credential-fields.ts); an empty value keeps the stored one. */
export const credentialValues = z.record(z.string(), z.string().trim().max(4096, "A credential may have at most 4096 characters."));

/** Every field of a gateway setting but its code, each optional: create and update add their own rules to it. */
export const gatewaySettingFields = z
  .object({
    name: gatewayName,
    pg: gatewayPg,
    isSandbox: z.boolean(),
    currencies: gatewayCurrencies,
    operation: gatewayOperation,
    priority: gatewayPriority,
    feeFixed,
    feePercent,
    iconUrl: httpUrl(),
    icon: gatewayIcon,
    credentials: credentialValues,
  })
  .partial();
