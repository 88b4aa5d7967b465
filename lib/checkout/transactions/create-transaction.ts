import { randomBytes } from "node:crypto";
import { findIdempotencyRecord, listCurrencyCodes } from "@/db/queries/transactions";
import { readAttachment } from "@/lib/checkout/attachments/read-attachment";
import { findUploadedAttachment } from "@/lib/checkout/attachments/find-uploaded-attachment";
import { checkLinkRequest, newLinkCodes } from "@/lib/checkout/links/new-link-codes";
import { retryOnCodeCollision } from "@/lib/checkout/links/retry-on-code-collision";
import { withSdkPreload } from "@/lib/checkout/sdk/with-sdk-preload";
import { canUseGateway, requireAction, type Caller } from "@/lib/access/auth/permissions";
import { canSeeTransaction } from "@/lib/access/auth/transaction-scope";
import type { Ctx } from "@/lib/core/context";
import { Conflict, ValidationFailed } from "@/lib/core/errors";
import { callerScope, requestFingerprint } from "@/lib/checkout/idempotency/idempotency-key";
import { mergeFieldErrors } from "@/lib/core/validation/parse-input";
import { requireStorableText } from "@/lib/core/validation/storable-text";
import { cachedCheckoutConfig } from "./cached-checkout-config";
import { checkTransaction, type CheckedFields } from "./check-transaction";
import { isUniqueViolation } from "@/lib/core/unique-violation";
import { readFields } from "./read-fields";
import { newTransactionRow, OrderNoTaken, storeNewTransaction } from "./store-new-transaction";
import { representTransaction, type TransactionRepresentation } from "./represent-transaction";
import { TRANSACTION_FIELDS } from "./transaction-fields";

export interface CreateResult {
  body: TransactionRepresentation | Record<string, unknown>;
  replayed: boolean;
}

const NO_UPLOAD = { id: null, token: null, errors: {} };
const NO_FILE = { errors: {}, checked: null };

interface Input {
  caller: Caller;
  fields: Record<string, unknown>;
  files: Record<string, File>;
  idempotencyKey?: string;
  /** A smaller limit for the attached file than the API's (the panel's, as the upload route's). */
  attachmentMaxBytes?: number;
}

/** Creates a payment transaction (state created) and returns its representation. */
export async function createTransaction({ ctx, input }: { ctx: Ctx; input: Input }): Promise<CreateResult> {
  requireAction(input.caller, "create");
  requireStorableText(input.fields, TRANSACTION_FIELDS);
  const read = readFields(input.fields, { require: true });
  const file = input.files.attachment ? await readAttachment(input.files.attachment, input.attachmentMaxBytes) : NO_FILE;
  const { fields } = read;
  const fieldErrors = mergeFieldErrors(read.errors, file.errors);
  const attachment = file.checked;

  const idempotency = input.idempotencyKey
    ? {
        caller: callerScope(input.caller),
        key: input.idempotencyKey,
        requestHash: requestFingerprint(input.fields, attachment ? [{ name: "attachment", content: attachment.content }] : []),
      }
    : null;
  // A body that breaks the fields' own rules was never stored: it gets its field errors, not a key's replay or conflict.
  if (idempotency && Object.keys(fieldErrors).length === 0) {
    const replay = await replayIdempotent(ctx, input.caller, idempotency);
    if (replay) return replay;
  }

  const currency = fields.currency_code ?? "";
  const codes = fields.pg_codes ?? [];
  const config = await cachedCheckoutConfig(ctx, currency, codes);
  const uploaded = fields.attachment_upload_url ? await findUploadedAttachment(ctx.db, fields.attachment_upload_url, attachment !== null) : NO_UPLOAD;
  // Every field error in one answer: the fields' own rules and the checks against the configuration together.
  const errors = [
    await checkTransaction(fields, config, (code) => canUseGateway(input.caller, code), () => listCurrencyCodes(ctx.db)),
    uploaded.errors,
    // A file that was sent but refused has its own error: the flag's would only repeat it.
    checkLinkRequest(fields, input.files.attachment !== undefined || uploaded.id !== null),
  ].reduce(mergeFieldErrors, fieldErrors);
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  const checked = fields as CheckedFields;

  const now = new Date();
  const row = { ...newTransactionRow(checked, config, input.caller, now), attachment_id: uploaded.id };
  const attachmentToken = attachment ? randomBytes(20).toString("hex") : uploaded.token;
  // The links' codes are drawn anew if one was taken, and the answer (also kept for the key's replay) shows them.
  const store = async () => {
    const links = newLinkCodes(checked, {});
    const body = representTransaction({
      txn: { ...row, interface: "checkout" },
      decimals: config.decimals!,
      gateways: config.gateways,
      default_redirect_url: config.default_redirect_url,
      attachment_token: attachmentToken,
      links,
      attempts: [],
    });
    await storeNewTransaction(ctx, row, {
      actor: callerScope(input.caller),
      attachment: attachment && { token: attachmentToken!, ...attachment },
      links,
      idempotency: idempotency ? { ...idempotency, statusCode: 201, response: body } : undefined,
    });
    return body;
  };

  let body: TransactionRepresentation;
  try {
    body = await retryOnCodeCollision(store);
  } catch (error) {
    // Another request with the same key won the race (its order_no, if any, is the one now taken): answer as its replay.
    if (idempotency && (error instanceof OrderNoTaken || isUniqueViolation(error, "idempotency_keys_pkey"))) {
      const replay = await replayIdempotent(ctx, input.caller, idempotency);
      if (replay) return replay;
    }
    throw error;
  }
  return { body: await withSdkPreload(ctx, body), replayed: false };
}

async function replayIdempotent(
  ctx: Ctx,
  caller: Caller,
  idempotency: { caller: string; key: string; requestHash: Buffer },
): Promise<CreateResult | null> {
  const found = await findIdempotencyRecord(ctx.db, idempotency.caller, idempotency.key);
  if (!found) return null;
  if (!found.request_hash.equals(idempotency.requestHash)) {
    throw new Conflict("This Idempotency-Key was already used with a different request body.");
  }
  // A replay never shows a transaction that is no longer the caller's (its gateways, or the caller's, changed since).
  if (!found.pg_codes || !canSeeTransaction(caller, found.pg_codes)) {
    throw new Conflict("This Idempotency-Key was already used; send this request with a new key.");
  }
  // Parsed from the first answer's text and written again the same way: the same bytes, keys in the same order.
  const body = JSON.parse(found.response) as Record<string, unknown>;
  return { body: await withSdkPreload(ctx, body), replayed: true };
}
