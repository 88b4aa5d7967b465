import { randomUUID } from "node:crypto";
import type { SandboxPayment, SandboxStatus } from "@/db/types";
import type { GatewayResult, Outcome } from "@/lib/gateways/adapter";
import { signSandboxMessage } from "./sandbox-signature";

const OUTCOMES: Record<SandboxStatus, Outcome> = {
  awaiting_card: "pending",
  challenge: "pending",
  processing: "pending",
  approved: "success",
  declined: "declined",
  canceled: "canceled",
  expired: "canceled",
  error: "error",
};

export const outcomeOf = (status: SandboxStatus): Outcome => OUTCOMES[status];

/** The gateway's own result words, which differ from ours (as real gateways' do). */
function resultWord(p: SandboxPayment): string {
  if (p.status === "approved") return p.operation === "authorize" ? "APPROVED" : "CAPTURED";
  if (p.status === "declined") return "NOT CAPTURED";
  if (p.status === "canceled") return "CANCELED";
  if (p.status === "expired") return "EXPIRED";
  if (p.status === "error") return "ERROR";
  return "PENDING";
}

/** The issuer's words for the decline codes the sandbox answers (test-cards.ts, finish-challenge.ts). */
const DECLINES: Record<string, string> = {
  "05": "Do not honour",
  "14": "Invalid card number",
  "51": "Insufficient funds",
  "54": "Expired card",
  N7: "CVV2 failure",
};

const RESPONSE_CODES: Partial<Record<SandboxStatus, [string, string]>> = {
  approved: ["00", "Approved"],
  declined: ["51", "Insufficient funds"],
  canceled: ["C0", "Canceled by the customer"],
  expired: ["C1", "The payment session expired"],
  error: ["96", "Processing error at the issuer"],
};

/** A signed message about a payment: a pointer and its result word, no card or customer data. */
export function sandboxMessage(secret: string, p: SandboxPayment): Record<string, string> {
  return signSandboxMessage(secret, {
    ref: p.reference_number,
    result: resultWord(p),
    message_id: randomUUID(),
    issued_at: new Date().toISOString(),
  });
}

/** The full result, as the sandbox answers an inquiry. */
export function sandboxResult(p: SandboxPayment): GatewayResult {
  const declined = p.status === "declined" && p.decline_code ? p.decline_code : null;
  const [code, text] = declined ? [declined, DECLINES[declined] ?? "Declined"] : (RESPONSE_CODES[p.status] ?? ["", "Processing"]);
  const settled = p.settled_at ?? p.created_at;
  const [month, year] = (p.card_expiry ?? "/").split("/");
  return {
    outcome: outcomeOf(p.status),
    message: p.status === "approved" ? null : text,
    card: p.card_masked ? { brand: p.card_brand ?? "Card", masked: p.card_masked, expiry: `${month}/${year}`, holder: p.card_holder } : null,
    savedCardToken: p.status === "approved" && p.save_card ? p.token : null,
    gatewayResponse: {
      result: resultWord(p),
      postdate: settled.toISOString().slice(5, 10).replace("-", ""),
      ref: p.reference_number,
      trackid: p.reference_number,
      tranid: p.tranid,
      paymentid: p.paymentid,
      auth: p.auth_code,
      responsecode: code,
      eci: p.status === "approved" ? "05" : null,
      amt: p.amount,
      udf1: p.gateway_code,
      udf2: p.currency_code,
      udf3: p.operation,
      udf4: p.card_brand,
      udf5: p.card_masked,
      // Only when the payment was started with one, so that other answers stay as they were.
      ...(p.udf6 === null ? {} : { udf6: p.udf6 }),
    },
  };
}
