import { randomBytes } from "node:crypto";
import { type CheckoutConfig, type IdempotencyRecord, type NewTransaction, insertAttachment, insertTransaction } from "@/db/queries/transactions";
import { insertLinkCodes, type LinkCodes } from "@/db/queries/link-codes";
import type { Caller } from "@/lib/access/auth/permissions";
import type { Ctx } from "@/lib/core/context";
import { ValidationFailed } from "@/lib/core/errors";
import type { CheckedFields } from "./check-transaction";
import { isUniqueViolation } from "@/lib/core/unique-violation";
import { countTransactionCreated } from "@/lib/core/metrics/metrics";
import { writableColumns } from "./writable-columns";

// What every interface (checkout, legacy) does to store a transaction it has checked: the row with its
// defaults, the row and its attachment together, the "created" event and, when a Created message was asked for,
// the job that sends it.

/** A live transaction already has this order_no: a field error, which the checkout create may answer with a replay. */
export class OrderNoTaken extends ValidationFailed {
  constructor() {
    super({ order_no: ["A live transaction with this order_no already exists; order numbers must be unique."] });
  }
}

/** A new transaction's row: its writable columns with their defaults, state created, nothing paid, who created it. */
export function newTransactionRow(fields: CheckedFields, config: CheckoutConfig, caller: Caller | null, now: Date) {
  return {
    session_id: randomBytes(20).toString("hex"),
    state: "created" as const,
    ...writableColumns(fields, config, now),
    disclosure_url: null as string | null,
    legacy: null as Record<string, unknown> | null,
    attachment_id: null as string | null,
    expiry_job_at: null,
    paid_amount: "0",
    captured_amount: "0",
    refunded_amount: "0",
    voided_amount: "0",
    held_amount: "0",
    deleted_at: null,
    created_by_api_key_id: caller?.kind === "api_key" ? caller.id : null,
    created_by_user_id: caller?.kind === "user" ? caller.id : null,
    created_at: now,
    updated_at: now,
  };
}

export type NewTransactionRow = ReturnType<typeof newTransactionRow> & Pick<NewTransaction, "interface">;

/** A checked attachment (lib/checkout/attachments/check-attachment.ts) and the token of its download URL. */
export interface NewAttachment {
  token: string;
  content: Buffer;
  contentType: string;
  fileName: string;
}

/**
 * Inserts the transaction (with its new attachment and link codes, in one database transaction) and its "created"
 * event; `actor` names who created it in the event. A taken order_no throws OrderNoTaken; a taken link code is a
 * unique violation of link_codes_pkey (lib/checkout/links/retry-on-code-collision.ts).
 */
export async function storeNewTransaction(
  ctx: Ctx,
  row: NewTransactionRow,
  options: { actor: string; attachment: NewAttachment | null; links?: LinkCodes; idempotency?: IdempotencyRecord },
): Promise<void> {
  // Creation has side effects only when a Created message was asked for; then its event gets a job.
  const wantsCreated = Object.values(row.notifications).some((events) => events.includes("created"));
  const event = { cause: "api", data: { actor: options.actor }, dispatch: wantsCreated };
  const { attachment, links = {}, idempotency } = options;
  try {
    if (attachment || Object.keys(links).length > 0) {
      // The attachment, the transaction and its links are stored together or not at all.
      await ctx.db.transaction().execute(async (trx) => {
        const attachmentId = attachment ? (await insertAttachment(trx, attachment)).id : row.attachment_id;
        await insertTransaction(trx, { ...row, attachment_id: attachmentId }, event, idempotency);
        await insertLinkCodes(trx, row.session_id, links);
      });
    } else {
      await insertTransaction(ctx.db, row, event, idempotency);
    }
  } catch (error) {
    if (isUniqueViolation(error, "transactions_live_order_no")) throw new OrderNoTaken();
    throw error;
  }
  countTransactionCreated(row.interface ?? "checkout");
}
