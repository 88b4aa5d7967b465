import { randomBytes } from "node:crypto";
import {
  findIdempotencyRecord,
  insertAttachment,
  insertTransaction,
  listCurrencyCodes,
  loadCheckoutConfig,
} from "@/db/queries/transactions";
import { checkAttachment } from "@/lib/attachments/check-attachment";
import { requireAction, type Caller } from "@/lib/auth/permissions";
import { cachedConfig } from "@/lib/cache/config-cache";
import type { Ctx } from "@/lib/context";
import { Conflict, ValidationFailed } from "@/lib/errors";
import { callerScope, requestFingerprint } from "@/lib/idempotency/idempotency-key";
import { mergeFieldErrors } from "@/lib/validation/parse-input";
import { requireStorableText } from "@/lib/validation/storable-text";
import { checkTransaction, type CheckedFields } from "./check-transaction";
import { isUniqueViolation } from "./unique-violation";
import { readFields } from "./read-fields";
import { writableColumns } from "./writable-columns";
import { representTransaction, type TransactionRepresentation } from "./represent-transaction";
import { TRANSACTION_FIELDS } from "./transaction-fields";

export interface CreateResult {
  body: TransactionRepresentation | Record<string, unknown>;
  replayed: boolean;
}

interface Input {
  caller: Caller;
  fields: Record<string, unknown>;
  files: Record<string, File>;
  idempotencyKey?: string;
}

/** Creates a payment transaction (state created) and returns its representation. */
export async function createTransaction({ ctx, input }: { ctx: Ctx; input: Input }): Promise<CreateResult> {
  requireAction(input.caller, "create");
  requireStorableText(input.fields, TRANSACTION_FIELDS);
  const { fields, errors: fieldErrors } = readFields(input.fields, { require: true });
  const attachment = input.files.attachment ? await checkAttachment(input.files.attachment) : null;

  const idempotency = input.idempotencyKey
    ? {
        caller: callerScope(input.caller),
        key: input.idempotencyKey,
        requestHash: requestFingerprint(input.fields, attachment ? [{ name: "attachment", content: attachment.content }] : []),
      }
    : null;
  // A body that breaks the fields' own rules was never stored: it gets its field errors, not a key's replay or conflict.
  if (idempotency && Object.keys(fieldErrors).length === 0) {
    const replay = await replayIdempotent(ctx, idempotency);
    if (replay) return replay;
  }

  const currency = fields.currency_code ?? "";
  const codes = fields.pg_codes ?? [];
  const config = await cachedConfig(`checkout:${JSON.stringify([currency, codes])}`, () => loadCheckoutConfig(ctx.db, currency, codes));
  // Every field error in one answer: the fields' own rules and the checks against the configuration together.
  const errors = mergeFieldErrors(fieldErrors, await checkTransaction(fields, config, input.caller, () => listCurrencyCodes(ctx.db)));
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  const checked = fields as CheckedFields;

  const now = new Date();
  const sessionId = randomBytes(20).toString("hex");
  const row = {
    session_id: sessionId,
    state: "created" as const,
    ...writableColumns(checked, config, now),
    disclosure_url: null,
    legacy: null,
    attachment_id: null as string | null,
    expiry_job_at: null,
    paid_amount: "0",
    captured_amount: "0",
    refunded_amount: "0",
    voided_amount: "0",
    held_amount: "0",
    deleted_at: null,
    created_by_api_key_id: input.caller.kind === "api_key" ? input.caller.id : null,
    created_by_user_id: input.caller.kind === "user" ? input.caller.id : null,
    created_at: now,
    updated_at: now,
  };
  const attachmentToken = attachment ? randomBytes(20).toString("hex") : null;
  const body = representTransaction({
    txn: { ...row, interface: "checkout" },
    decimals: config.decimals!,
    gateways: config.gateways,
    default_redirect_url: config.default_redirect_url,
    attachment_token: attachmentToken,
    attempts: [],
  });
  // Creation has side effects only when a Created e-mail or SMS was asked for; then its event gets a job.
  const wantsCreated = [...row.notifications.email, ...row.notifications.sms].includes("created");
  const event = { cause: "api", data: { actor: callerScope(input.caller) }, dispatch: wantsCreated };

  try {
    if (attachment) {
      // The attachment and the transaction are stored together or not at all.
      await ctx.db.transaction().execute(async (trx) => {
        const { id } = await insertAttachment(trx, { token: attachmentToken!, ...attachment });
        await insertTransaction(trx, { ...row, attachment_id: id }, event, idempotency ? { ...idempotency, statusCode: 201, response: body } : undefined);
      });
    } else {
      await insertTransaction(ctx.db, row, event, idempotency ? { ...idempotency, statusCode: 201, response: body } : undefined);
    }
  } catch (error) {
    const orderTaken = isUniqueViolation(error, "transactions_live_order_no");
    // Another request with the same key won the race (its order_no, if any, is the one now taken): answer as its replay.
    if (idempotency && (orderTaken || isUniqueViolation(error, "idempotency_keys_pkey"))) {
      const replay = await replayIdempotent(ctx, idempotency);
      if (replay) return replay;
    }
    if (orderTaken) {
      throw new ValidationFailed({ order_no: ["A live transaction with this order_no already exists; order numbers must be unique."] });
    }
    throw error;
  }
  return { body, replayed: false };
}

async function replayIdempotent(
  ctx: Ctx,
  idempotency: { caller: string; key: string; requestHash: Buffer },
): Promise<CreateResult | null> {
  const found = await findIdempotencyRecord(ctx.db, idempotency.caller, idempotency.key);
  if (!found) return null;
  if (!found.request_hash.equals(idempotency.requestHash)) {
    throw new Conflict("This Idempotency-Key was already used with a different request body.");
  }
  // Parsed from the first answer's text and written again the same way: the same bytes, keys in the same order.
  return { body: JSON.parse(found.response) as Record<string, unknown>, replayed: true };
}
