import { z } from "zod";
import { listPendingAttempts } from "@/db/queries/payments";
import { findSessionIdByOrderNo, findTransactionView } from "@/db/queries/transactions";
import { canUseGateway, requireAction, type Caller } from "@/lib/auth/permissions";
import type { Ctx } from "@/lib/context";
import { NotFound, ValidationFailed } from "@/lib/errors";
import { representTransaction } from "@/lib/transactions/represent-transaction";
import { SESSION_ID } from "@/lib/transactions/get-transaction";
import { inquirePayment } from "./inquire-payment";

const EXACTLY_ONE = "Give exactly one of session_id and order_no.";

const target = z
  .object({ session_id: z.string().max(40).optional(), order_no: z.string().max(128).optional() })
  .refine((f) => (f.session_id === undefined) !== (f.order_no === undefined), { message: EXACTLY_ONE, path: ["session_id"] });

/**
 * `POST /b/pbl/v2/inquiry/`: asks the gateway about the transaction's attempts still waiting for an answer (the
 * sandbox's "no answer" card), settles them through the same code as a gateway callback, and returns the
 * transaction. A Basic-auth user finds only transactions on gateways they may use.
 */
export async function inquireTransaction({ ctx, input }: { ctx: Ctx; input: { caller: Caller; fields: Record<string, unknown> } }) {
  requireAction(input.caller, "inquiry");
  const parsed = target.safeParse({ session_id: text(input.fields.session_id), order_no: text(input.fields.order_no) });
  if (!parsed.success) throw new ValidationFailed({ session_id: [EXACTLY_ONE] });
  const { session_id, order_no } = parsed.data;
  const sessionId = session_id ?? (await findSessionIdByOrderNo(ctx.db, order_no!));
  const view = sessionId && SESSION_ID.test(sessionId) ? await findTransactionView(ctx.db, sessionId) : undefined;
  if (!view || !view.txn.pg_codes.some((code) => canUseGateway(input.caller, code))) throw new NotFound("No such transaction.");

  for (const attempt of await listPendingAttempts(ctx.db, view.txn.session_id)) {
    await inquirePayment({ ctx, input: { referenceNumber: attempt.reference_number } });
  }
  return representTransaction((await findTransactionView(ctx.db, view.txn.session_id))!);
}

/** A field as text: strings as sent, numbers as written; anything else (or empty) counts as absent. */
function text(value: unknown): string | undefined {
  if (typeof value === "number") return String(value);
  return typeof value === "string" && value !== "" ? value : undefined;
}
