import { randomBytes } from "node:crypto";
import type { Updateable } from "kysely";
import {
  findTransactionView,
  insertAttachment,
  listCurrencyCodes,
  loadCheckoutConfig,
  updateTransaction as storeUpdate,
} from "@/db/queries/transactions";
import type { TransactionsTable } from "@/db/types";
import { insertLinkCodes } from "@/db/queries/link-codes";
import { checkAttachment } from "@/lib/checkout/attachments/check-attachment";
import { findUploadedAttachment } from "@/lib/checkout/attachments/find-uploaded-attachment";
import { checkLinkRequest, newLinkCodes } from "@/lib/checkout/links/new-link-codes";
import { retryOnCodeCollision } from "@/lib/checkout/links/retry-on-code-collision";
import { canUseGateway, requireAction, type Caller } from "@/lib/access/auth/permissions";
import type { Ctx } from "@/lib/core/context";
import { Conflict, ValidationFailed } from "@/lib/core/errors";
import { callerScope } from "@/lib/checkout/idempotency/idempotency-key";
import { AWAITING_PAYMENT } from "@/lib/checkout/lifecycle/verbs";
import { trimFraction } from "@/lib/core/money/decimal";
import { mergeFieldErrors } from "@/lib/core/validation/parse-input";
import { requireStorableText } from "@/lib/core/validation/storable-text";
import { checkTransaction, type CheckedFields } from "./check-transaction";
import { findOwnTransaction } from "./find-own-transaction";
import { readFields } from "./read-fields";
import { writableColumns } from "./writable-columns";
import { representTransaction } from "./represent-transaction";
import { TRANSACTION_FIELDS, type TransactionField } from "./transaction-fields";
import { isUniqueViolation } from "@/lib/core/unique-violation";

interface Input {
  caller: Caller;
  sessionId: string;
  fields: Record<string, unknown>;
  files: Record<string, File>;
  /** PUT replaces every writable field (absent ones return to their defaults); PATCH changes only those given. */
  replace: boolean;
}

/** Changes a transaction while it is still created or attempted; records the change as an event. */
export async function updateTransaction({ ctx, input }: { ctx: Ctx; input: Input }) {
  requireAction(input.caller, "update");
  // Scope comes first: another scope's transaction is not found, as an unknown id, before any field is checked.
  await findOwnTransaction(ctx.db, input.caller, input.sessionId);
  requireStorableText(input.fields, TRANSACTION_FIELDS);
  const { fields, cleared, errors: fieldErrors } = readFields(input.fields, { require: input.replace });
  const attachment = input.files.attachment ? await checkAttachment(input.files.attachment) : null;

  try {
    // A link code already taken rolls the whole change back; it is made again with fresh codes.
    return await retryOnCodeCollision(() => ctx.db.transaction().execute(async (trx) => {
      // Scope again under the row lock: the transaction's gateways may have changed since the route looked.
      const { txn, links } = await findOwnTransaction(trx, input.caller, input.sessionId, true);
      if (!AWAITING_PAYMENT.includes(txn.state)) {
        throw new Conflict(`This transaction is ${txn.state}; only created or attempted transactions can be changed.`);
      }

      const stored: CheckedFields = {
        type: txn.type as "e_commerce",
        amount: trimFraction(txn.amount),
        currency_code: txn.currency_code,
        mode: "payment",
        pg_codes: txn.pg_codes,
        webhook_url: txn.webhook_url ?? undefined,
        redirect_url: txn.redirect_url ?? undefined,
        customer_id: txn.customer_id ?? undefined,
        customer_first_name: txn.customer_first_name ?? undefined,
        customer_last_name: txn.customer_last_name ?? undefined,
        customer_email: txn.customer_email ?? undefined,
        customer_phone: txn.customer_phone ?? undefined,
        billing_address: txn.billing_address ?? undefined,
        shipping_address: txn.shipping_address ?? undefined,
        customer_phone_2: txn.customer_phone_2 ?? undefined,
        customer_birthdate: txn.customer_birthdate ?? undefined,
        due_datetime: txn.due_datetime ?? undefined,
        card_acceptance_criteria: txn.card_acceptance_criteria ?? undefined,
        include_sdk_setup_preload: txn.include_sdk_setup_preload,
        order_no: txn.order_no ?? undefined,
        notifications: txn.notifications as CheckedFields["notifications"],
        vendor_name: txn.vendor_name ?? undefined,
        expiration_time: txn.expiration_seconds,
        email_recipients: txn.email_recipients,
        extra: txn.extra,
        product_type: txn.product_type ?? undefined,
        language: txn.language as "en",
        payment_type: txn.payment_type,
        agreement: (txn.agreement ?? undefined) as CheckedFields["agreement"],
      };
      // payment_type and agreement are what the customer is asked to accept (and what an auto-debit charges
      // under): a PUT that leaves them out keeps them too, so a transaction never silently turns one_off and loses
      // its agreement. Only a value, or null (back to one_off / no agreement), changes them.
      const kept: Partial<CheckedFields> = { payment_type: stored.payment_type, agreement: stored.agreement };
      const base: Partial<CheckedFields> = input.replace ? kept : stored;
      const merged = { ...base, ...fields } as CheckedFields;
      for (const field of cleared) delete merged[field];

      const config = await loadCheckoutConfig(trx, merged.currency_code, merged.pg_codes);
      const uploaded = fields.attachment_upload_url ? await findUploadedAttachment(trx, fields.attachment_upload_url, attachment !== null) : null;
      // Every field error in one answer: the fields' own rules and the checks of the merged result together.
      const errors = [
        await checkTransaction(merged, config, (code) => canUseGateway(input.caller, code), () => listCurrencyCodes(trx)),
        uploaded?.errors ?? {},
        checkLinkRequest(fields, attachment !== null || !!uploaded?.id || txn.attachment_id !== null),
      ].reduce(mergeFieldErrors, fieldErrors);
      if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);

      const changes: Updateable<TransactionsTable> = { ...writableColumns(merged, config, txn.created_at), updated_at: new Date() };
      if (attachment) {
        const { id } = await insertAttachment(trx, { token: randomBytes(20).toString("hex"), ...attachment });
        changes.attachment_id = id;
      }
      if (uploaded?.id) changes.attachment_id = uploaded.id;
      const changed = [...new Set<TransactionField | "attachment">([...(Object.keys(fields) as TransactionField[]), ...cleared, ...(attachment ? ["attachment" as const] : [])])];
      await storeUpdate(trx, input.sessionId, changes, {
        cause: "api",
        data: { actor: callerScope(input.caller), method: input.replace ? "PUT" : "PATCH", fields: changed },
      });
      await insertLinkCodes(trx, input.sessionId, newLinkCodes(fields, links));
      return representTransaction((await findTransactionView(trx, input.sessionId))!);
    }));
  } catch (error) {
    if (isUniqueViolation(error, "transactions_live_order_no")) {
      throw new ValidationFailed({ order_no: ["A live transaction with this order_no already exists; order numbers must be unique."] });
    }
    throw error;
  }
}
