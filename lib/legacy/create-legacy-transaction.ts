import { randomBytes } from "node:crypto";
import { readAttachment } from "@/lib/checkout/attachments/read-attachment";
import { requireAction } from "@/lib/access/auth/permissions";
import type { Ctx } from "@/lib/core/context";
import { ValidationFailed } from "@/lib/core/errors";
import { newTransactionRow, storeNewTransaction } from "@/lib/checkout/transactions/store-new-transaction";
import { mergeFieldErrors } from "@/lib/core/validation/parse-input";
import { requireStorableText } from "@/lib/core/validation/storable-text";
import { checkInitiator } from "./check-initiator";
import { legacyAnswer, type LegacyAnswer } from "./legacy-answer";
import { type LegacyCaller, legacyActor } from "./legacy-caller";
import { checkoutFieldsOf, legacyRecord } from "./legacy-columns";
import { LEGACY_FIELD_NAMES, type LegacyVariant } from "./legacy-fields";
import { checkLegacyGateways } from "./legacy-gateways";
import { legacySettings } from "./legacy-settings";
import { readLegacyFields } from "./read-legacy-fields";

interface Input {
  caller: LegacyCaller;
  /** The body's fields as parsed (JSON, form or multipart). */
  fields: Record<string, unknown>;
  files: Record<string, File>;
  /** The path's variant; a `type` field in the body overrides it. */
  variant: LegacyVariant;
  /** The bulk upload's id and the row's CSV line (legacy.bulk_id, sent back in the result, and legacy.bulk_line). */
  bulk?: { id: string; line: number };
}

/**
 * Creates a transaction from a legacy /pos/ request (an e-commerce transaction or a payment request) and returns
 * the legacy 201 body. Every refusal is a ValidationFailed with every field error at once (the fields' own rules,
 * the initiator, the attachment and the checks against the configuration), and stores nothing.
 */
export async function createLegacyTransaction({ ctx, input }: { ctx: Ctx; input: Input }): Promise<LegacyAnswer> {
  const { caller } = input;
  if (caller.kind !== "allowed_address") requireAction(caller, "create");
  requireStorableText(input.fields, LEGACY_FIELD_NAMES);
  const settings = await legacySettings(ctx);
  const { variant, fields, errors: fieldErrors } = readLegacyFields(input.fields, input.variant, settings);

  // The table takes an attachment and an initiator's id in payment requests only.
  const paymentRequest = variant === "payment_request";
  const file = paymentRequest ? input.files.attachment : undefined;
  const attachment = file ? await readAttachment(file) : { errors: {}, checked: null };
  const initiatorErrors = paymentRequest && fields.initiator !== undefined ? await checkInitiator(ctx, fields.initiator) : {};
  const gateways = await checkLegacyGateways(ctx, caller, variant, fields);
  // Every field error in one answer; a field that broke its own rules keeps only those.
  const errors = mergeFieldErrors(mergeFieldErrors(mergeFieldErrors(fieldErrors, attachment.errors), initiatorErrors), gateways.errors);
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);

  const row = {
    ...newTransactionRow(checkoutFieldsOf(fields, variant, gateways.codes, settings), gateways.config, caller.kind === "allowed_address" ? null : caller, new Date()),
    interface: "legacy" as const,
    // Null (no result posted) only for a payment request when the admin set no default (required-legacy-fields.ts).
    disclosure_url: fields.disclosure_url ?? settings.default_disclosure_url,
    legacy: legacyRecord(fields, variant, input.bulk),
  };
  await storeNewTransaction(ctx, row, {
    actor: legacyActor(caller),
    attachment: attachment.checked && { token: randomBytes(20).toString("hex"), ...attachment.checked },
  });
  return legacyAnswer(row, gateways.config.decimals!);
}
