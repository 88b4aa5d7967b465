import { randomBytes } from "node:crypto";
import { z } from "zod";
import { listCurrencies } from "@/db/queries/currencies";
import { findGatewaySettingByCode, insertGatewaySetting } from "@/db/queries/gateway-settings";
import type { Ctx } from "@/lib/context";
import { ValidationFailed } from "@/lib/errors";
import { decimalString, httpUrl } from "@/lib/validation/common";
import { parseInput } from "@/lib/validation/parse-input";
import { KNOWN_PGS } from "./known-gateways";

export const createGatewaySettingInput = z.object({
  code: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, "Code must be 1–64 letters, digits, '-' or '_'."),
  name: z.string().trim().min(1).max(128, "Name may have at most 128 characters.").optional(),
  pg: z.enum(KNOWN_PGS, { error: `pg must be one of: ${KNOWN_PGS.join(", ")}.` }),
  isSandbox: z.boolean().optional(),
  currencies: z
    .array(z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, "Currency codes are 3 letters (ISO 4217)."))
    .min(1, "List at least one currency."),
  operation: z.enum(["purchase", "authorize"], { error: "Operation must be purchase or authorize." }).default("purchase"),
  feeFixed: decimalString(6, "Fixed fee").default("0"),
  feePercent: decimalString(4, "Percentage fee")
    .refine((v) => Number(v) <= 100, "Percentage fee must be between 0 and 100.")
    .default("0"),
  iconUrl: httpUrl().optional(),
});

/** Configures a gateway setting: the code merchants pass in pg_codes, its currencies, operation and fees. */
export async function createGatewaySetting({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: z.input<typeof createGatewaySettingInput>;
}) {
  const data = parseInput(createGatewaySettingInput, input);
  if (await findGatewaySettingByCode(ctx.db, data.code)) {
    throw new ValidationFailed({ code: [`A gateway setting with code ${data.code} already exists.`] });
  }
  const configured = new Set((await listCurrencies(ctx.db)).map((c) => c.code));
  const missing = data.currencies.filter((c) => !configured.has(c));
  if (missing.length > 0) {
    throw new ValidationFailed({
      currencies: [`Not in the configured currencies list: ${missing.join(", ")}. Add them first (add-currency).`],
    });
  }
  return insertGatewaySetting(ctx.db, {
    code: data.code,
    name: data.name ?? data.code,
    pg: data.pg,
    is_sandbox: data.isSandbox ?? data.pg === "sandbox",
    currencies: [...new Set(data.currencies)],
    operation: data.operation,
    fee_fixed: data.feeFixed,
    fee_percent: data.feePercent,
    icon_url: data.iconUrl ?? null,
    // The sandbox signs its messages to us with a secret of each setting's own.
    config: data.pg === "sandbox" ? { secret: randomBytes(24).toString("hex") } : {},
  });
}
