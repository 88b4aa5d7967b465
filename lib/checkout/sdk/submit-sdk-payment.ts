import { setAttemptEmbedOrigin } from "@/db/queries/embedded-attempts";
import { findCustomerCardByToken } from "@/db/queries/saved-cards";
import { findTransactionView } from "@/db/queries/transactions";
import { PAYABLE } from "@/lib/checkout/lifecycle/verbs";
import { startPayment } from "@/lib/checkout/payments/start-payment";
import { SESSION_ID } from "@/lib/checkout/transactions/get-transaction";
import type { Ctx } from "@/lib/core/context";
import { GatewayUnavailable, NotFound, ValidationFailed } from "@/lib/core/errors";
import { logger } from "@/lib/core/log/logger";
import { adapterFor } from "@/lib/gateways/adapters";
import { parseInput } from "@/lib/core/validation/parse-input";
import { noteEmbedOrigin } from "./embed-origin-of-attempt";
import { NO_SUCH_TRANSACTION } from "./load-sdk-setup";
import { type SdkSubmitAnswer, sdkSubmitRequestSchema } from "./sdk-schemas";
import { unpayableMessage } from "./unpayable";

/** started: the customer goes to the gateway's page; refused: nothing started (closed, expired, busy); unavailable: the gateway is down. */
export type SdkSubmitOutcome = "started" | "refused" | "unavailable";

const BUSY = "An earlier payment of this transaction is still with the bank: wait for its result before paying again.";
const UNAVAILABLE = "This payment method is unavailable right now: choose another one or try again in a few minutes.";

const refused = (message: string, outcome: SdkSubmitOutcome = "refused") => ({
  outcome,
  answer: { status: "error", message, redirect_url: null, detail: message } satisfies SdkSubmitAnswer,
});

/**
 * The SDK's Pay: the hosted page's own start of a payment (start-payment.ts: one live attempt at a time, the fee,
 * the deadline), for `pg_code` and, when given, a saved card of the transaction's customer on that gateway. Wrong
 * fields: ValidationFailed; unknown or deleted: NotFound; nothing changes for either. `embedOrigin`: started inside
 * the embedded checkout's frame of that (checked) merchant origin, which may then frame the gateway's card page
 * when it is ours (`flow: frame`). `startedOn`: the gateway the payment started on, another of the transaction's when
 * `pg_code`'s was unavailable (docs/gateways/failover.md).
 */
export async function submitSdkPayment({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { sessionId: string; fields: Record<string, unknown>; embedOrigin?: string };
}): Promise<{ outcome: SdkSubmitOutcome; answer: SdkSubmitAnswer; startedOn?: string }> {
  if (!SESSION_ID.test(input.sessionId)) throw new NotFound(NO_SUCH_TRANSACTION);
  const view = await findTransactionView(ctx.db, input.sessionId);
  if (!view || view.txn.deleted_at) throw new NotFound(NO_SUCH_TRANSACTION);
  const { txn } = view;
  // A payable one past its deadline goes on: start-payment marks it expired, as the hosted page's Pay does.
  const closed = PAYABLE.includes(txn.state) ? null : unpayableMessage(txn);
  if (closed) return refused(closed);
  const request = parseInput(sdkSubmitRequestSchema, input.fields);

  const gateway = view.gateways.find((g) => g.code === request.pg_code && g.enabled);
  if (!gateway || !txn.pg_codes.includes(gateway.code)) {
    throw new ValidationFailed({ pg_code: [`This transaction has no payment method ${request.pg_code}: use one of its payment_methods[].pg_code.`] });
  }
  if (request.token) {
    const card = txn.customer_id ? await findCustomerCardByToken(ctx.db, request.token, txn.customer_id) : undefined;
    if (!card || card.gateway_code !== gateway.code) {
      throw new ValidationFailed({ token: [`No saved card with this token for this transaction's customer on ${gateway.code}.`] });
    }
  }

  try {
    const result = await startPayment({ ctx, input: { sessionId: txn.session_id, code: gateway.code } });
    if (result.kind === "redirect") {
      // Framed by the gateway it started on: another of the transaction's when the chosen one was unavailable.
      const startedOn = result.code === gateway.code ? gateway : view.gateways.find((g) => g.code === result.code);
      const framedBy = input.embedOrigin && startedOn && adapterFor(startedOn.pg)?.features.framedPage ? input.embedOrigin : null;
      if (framedBy) await setAttemptEmbedOrigin(ctx.db, result.referenceNumber, framedBy);
      noteEmbedOrigin(result.referenceNumber, framedBy);
      return { outcome: "started", answer: { status: "redirect", message: "Continue on the payment page.", redirect_url: result.url }, startedOn: result.code };
    }
    if (result.kind === "busy") return refused(BUSY);
    return refused(result.kind === "expired" ? "This payment link has expired." : unpayableMessage({ ...txn, state: result.state })!);
  } catch (error) {
    if (!(error instanceof GatewayUnavailable)) throw error;
    logger.error({ sessionId: txn.session_id, code: gateway.code, reason: error.message }, "payment method unavailable");
    return refused(UNAVAILABLE, "unavailable");
  }
}
