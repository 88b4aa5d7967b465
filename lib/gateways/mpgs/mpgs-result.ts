import type { GatewayResult, Outcome } from "@/lib/gateways/adapter";
import type { MpgsBody } from "./mpgs-client";

// Order statuses after a payment went through (later captures and refunds keep it paid).
const PAID = new Set(["AUTHORIZED", "CAPTURED", "PARTIALLY_CAPTURED", "PARTIALLY_REFUNDED", "REFUNDED"]);
const DECLINED = new Set(["FAILED", "AUTHENTICATION_UNSUCCESSFUL"]);

// MPGS's response.gatewayCode words for a failed payment, as a customer may read them.
const REASONS: Record<string, string> = {
  DECLINED: "Declined by the card issuer",
  EXPIRED_CARD: "The card has expired",
  INSUFFICIENT_FUNDS: "Insufficient funds",
  TIMED_OUT: "The card issuer did not answer in time",
  DECLINED_AVS: "Declined: the address does not match",
  DECLINED_CSC: "Declined: the security code does not match",
  AUTHENTICATION_FAILED: "3-D Secure authentication failed",
  ACQUIRER_SYSTEM_ERROR: "The bank could not process the payment",
};

const BRANDS: Record<string, string> = { MASTERCARD: "Mastercard", VISA: "Visa", AMEX: "American Express", DINERS_CLUB: "Diners Club", JCB: "JCB", DISCOVER: "Discover", MAESTRO: "Maestro" };

type Transaction = { result?: string; response?: { gatewayCode?: string }; transaction?: { id?: string; type?: string }; sourceOfFunds?: Card };
type Card = { provided?: { card?: { brand?: string; number?: string; expiry?: { month?: string; year?: string }; nameOnCard?: string } } };

/** The order's payment (not a later capture or refund): its last authorization, payment or authentication. */
const paymentOf = (order: MpgsBody): Transaction | undefined =>
  [...((order.transaction ?? []) as Transaction[])].reverse().find((t) => ["PAYMENT", "AUTHORIZATION", "AUTHENTICATION"].includes(t.transaction?.type ?? ""));

function cardOf(order: MpgsBody, payment: Transaction | undefined): GatewayResult["card"] {
  const card = ((order.sourceOfFunds ?? payment?.sourceOfFunds) as Card | undefined)?.provided?.card;
  if (!card?.number) return null;
  const month = String(card.expiry?.month ?? "").padStart(2, "0");
  return { brand: BRANDS[card.brand ?? ""] ?? "Card", masked: `•••• ${card.number.slice(-4)}`, expiry: `${month}/${String(card.expiry?.year ?? "").slice(-2)}`, holder: card.nameOnCard ?? null };
}

/** How far an inquiry may conclude: `customerLeft` (a genuine cancel return) or `settle` (an explicit inquiry). */
export interface Finality {
  settle: boolean;
  customerLeft: boolean;
}

function outcomeOf(status: string, { settle, customerLeft }: Finality): Outcome {
  if (PAID.has(status)) return "success";
  // MPGS's page lets the payer try another card after a decline: final only once they left it, or when asked to settle.
  if (DECLINED.has(status)) return settle || customerLeft ? "declined" : "pending";
  // Not paid yet (no order, or authentication under way): the customer's leaving ends it.
  return customerLeft ? "canceled" : "pending";
}

/** Why the order's payment failed, as a customer may read it. */
function reasonOf(status: string, gatewayCode: string | null): string {
  if (status === "AUTHENTICATION_UNSUCCESSFUL") return REASONS.AUTHENTICATION_FAILED!;
  return REASONS[gatewayCode ?? ""] ?? `Declined by MPGS (${gatewayCode ?? status})`;
}

/**
 * An order as MPGS retrieved it (or null: MPGS has none, the customer never paid) as our result. `kept` are the
 * attempt's own fields (session, hashed success indicator) carried on, since the result replaces gateway_response.
 */
export function mpgsResult(order: MpgsBody | null, kept: Record<string, unknown>, finality: Finality): GatewayResult {
  const status = String(order?.status ?? "");
  const payment = order ? paymentOf(order) : undefined;
  const gatewayCode = payment?.response?.gatewayCode ?? null;
  const outcome = outcomeOf(status, finality);
  const gatewayResponse = {
    ...kept,
    order_status: order ? status : null,
    amount: order?.amount ?? null,
    currency: order?.currency ?? null,
    total_captured_amount: order?.totalCapturedAmount ?? null,
    total_refunded_amount: order?.totalRefundedAmount ?? null,
    transaction_id: payment?.transaction?.id ?? null,
    gateway_code: gatewayCode,
  };
  const failed = DECLINED.has(status);
  const message = outcome === "success" ? null : outcome === "canceled" ? "Canceled by the customer" : failed ? reasonOf(status, gatewayCode) : null;
  return { outcome, message, gatewayResponse, card: outcome === "success" || outcome === "declined" ? cardOf(order ?? {}, payment) : null, savedCardToken: null };
}
