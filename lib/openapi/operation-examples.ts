import { signPayment } from "@/lib/checkout/result/payment-signature";
import { EXAMPLE_SESSION_ID } from "./openapi-examples";

// Examples of POST /b/pbl/v2/operation/ and /b/pbl/v2/inquiry/. Each scenario names the transaction it starts
// from (86.000 KWD on the demo data's sandbox gateways, paid with a sandbox test card or not paid), so that a
// test can set it up, post the request and compare the real answer with the example (test/openapi/openapi-route.test.ts).

const REFERENCE = "OP3F9A1C0D5B7E2468";
const PAYMENT_REFERENCE = "CK9D2E4F6A8B0C1D3E";
const AT = "2026-01-01T12:10:00.000Z";
/** Examples are signed like real answers, with this webhook HMAC key. */
export const EXAMPLE_HMAC_KEY = "example-webhook-hmac-key";

export const SANDBOX_CARDS = {
  approve: "4111 1111 1111 1111",
  refuseOperations: "4000 0000 0000 0069",
  leaveOperationsUnanswered: "4000 0000 0000 0077",
} as const;

export interface OperationScenario {
  summary: string;
  /** The transaction the request acts on, or null for none. `card`: the sandbox card that paid it; null: not paid. */
  given: { pgCode: "sandbox" | "sandbox-auth"; card: string | null; orderNo: string } | null;
  request: Record<string, unknown>;
  status: 200 | 202 | 400 | 404 | 409;
  response: Record<string, unknown>;
}

const WORDS = { refund: "REFUNDED", capture: "CAPTURED", void: "VOIDED" } as const;

/** An answer to a refund, capture or void, as lib/checkout/operations/operation-answer.ts builds it. */
function moneyResult(input: {
  operation: "refund" | "capture" | "void";
  outcome: "success" | "failed" | "pending";
  detail?: string;
  amount: string;
  pgCode: string;
  orderNo: string;
  txn: { state: string; captured: string; refunded: string; voided: string; remaining: string };
}): Record<string, unknown> {
  const { outcome } = input;
  const body: Record<string, unknown> = {
    detail: input.detail ?? "Success",
    operation: input.operation,
    result: outcome,
    success: outcome === "success",
    amount: input.amount,
    currency_code: "KWD",
    session_id: EXAMPLE_SESSION_ID,
    order_no: input.orderNo,
    reference_number: REFERENCE,
    pg_code: input.pgCode,
    pg_response: {
      result: outcome === "success" ? WORDS[input.operation] : outcome === "failed" ? "REFUSED" : "PENDING",
      ref: REFERENCE,
      trackid: PAYMENT_REFERENCE,
      tranid: "6254953122",
      amt: `${input.amount}000`,
      responsecode: outcome === "success" ? "00" : outcome === "failed" ? "57" : "",
      postdate: "0101",
    },
    is_sandbox: true,
    timestamp_utc: AT,
    txn: {
      session_id: EXAMPLE_SESSION_ID,
      state: input.txn.state,
      amount: "86.000",
      currency_code: "KWD",
      order_no: input.orderNo,
      captured_amount: input.txn.captured,
      refunded_amount: input.txn.refunded,
      voided_amount: input.txn.voided,
      remaining_amount: input.txn.remaining,
    },
  };
  return { ...body, signature: signPayment(EXAMPLE_HMAC_KEY, body) };
}

const stateResult = (operation: string, state: string) => ({
  detail: "Success",
  operation,
  result: "success",
  session_id: EXAMPLE_SESSION_ID,
  state,
});

const paid = (orderNo: string, card: string = SANDBOX_CARDS.approve) => ({ pgCode: "sandbox" as const, card, orderNo });
const authorized = (orderNo: string) => ({ pgCode: "sandbox-auth" as const, card: SANDBOX_CARDS.approve, orderNo });
const unpaid = (orderNo: string) => ({ pgCode: "sandbox" as const, card: null, orderNo });

export const REFUSED_DETAIL = "Operation refused by the issuer (sandbox test card 4000 0000 0000 0069).";
export const PENDING_DETAIL = "The gateway has not answered yet; the operation completes by inquiry or callback, and its webhook follows.";

export const operationScenarios = {
  refund: {
    summary: "Refund part of a payment",
    given: paid("ORD-1001"),
    request: { operation: "refund", session_id: EXAMPLE_SESSION_ID, amount: "20.000" },
    status: 200,
    response: moneyResult({
      operation: "refund",
      outcome: "success",
      amount: "20.000",
      pgCode: "sandbox",
      orderNo: "ORD-1001",
      txn: { state: "paid", captured: "0.000", refunded: "20.000", voided: "0.000", remaining: "66.000" },
    }),
  },
  refundRest: {
    summary: "Refund everything that remains, by order number",
    given: paid("ORD-1002"),
    request: { operation: "REFUND", order_no: "ORD-1002" },
    status: 200,
    response: moneyResult({
      operation: "refund",
      outcome: "success",
      amount: "86.000",
      pgCode: "sandbox",
      orderNo: "ORD-1002",
      txn: { state: "refunded", captured: "0.000", refunded: "86.000", voided: "0.000", remaining: "0.000" },
    }),
  },
  capture: {
    summary: "Capture part of an authorization (the rest is released)",
    given: authorized("ORD-1003"),
    request: { operation: "capture", session_id: EXAMPLE_SESSION_ID, amount: "50" },
    status: 200,
    response: moneyResult({
      operation: "capture",
      outcome: "success",
      amount: "50.000",
      pgCode: "sandbox-auth",
      orderNo: "ORD-1003",
      txn: { state: "captured", captured: "50.000", refunded: "0.000", voided: "37.290", remaining: "50.000" },
    }),
  },
  void: {
    summary: "Void a whole authorization (fee included)",
    given: authorized("ORD-1004"),
    request: { operation: "void", session_id: EXAMPLE_SESSION_ID },
    status: 200,
    response: moneyResult({
      operation: "void",
      outcome: "success",
      amount: "87.290",
      pgCode: "sandbox-auth",
      orderNo: "ORD-1004",
      txn: { state: "voided", captured: "0.000", refunded: "0.000", voided: "87.290", remaining: "0.000" },
    }),
  },
  cancel: {
    summary: "Cancel a payment link nobody has paid",
    given: unpaid("ORD-1005"),
    request: { operation: "cancel", session_id: EXAMPLE_SESSION_ID, extra: { reason: "customer asked" } },
    status: 200,
    response: stateResult("cancel", "canceled"),
  },
  delete: {
    summary: "Delete an unpaid link (canceled on the way, then hidden)",
    given: unpaid("ORD-1006"),
    request: { operation: "delete", order_no: "ORD-1006" },
    status: 200,
    response: stateResult("delete", "canceled"),
  },
  pending: {
    summary: "The gateway has not answered (card 4000 0000 0000 0077)",
    given: paid("ORD-1007", SANDBOX_CARDS.leaveOperationsUnanswered),
    request: { operation: "refund", session_id: EXAMPLE_SESSION_ID },
    status: 202,
    response: moneyResult({
      operation: "refund",
      outcome: "pending",
      detail: PENDING_DETAIL,
      amount: "86.000",
      pgCode: "sandbox",
      orderNo: "ORD-1007",
      txn: { state: "paid", captured: "0.000", refunded: "0.000", voided: "0.000", remaining: "86.000" },
    }),
  },
  refused: {
    summary: "The gateway refuses (card 4000 0000 0000 0069)",
    given: paid("ORD-1008", SANDBOX_CARDS.refuseOperations),
    request: { operation: "refund", session_id: EXAMPLE_SESSION_ID, amount: "20.000" },
    status: 400,
    response: moneyResult({
      operation: "refund",
      outcome: "failed",
      detail: REFUSED_DETAIL,
      amount: "20.000",
      pgCode: "sandbox",
      orderNo: "ORD-1008",
      txn: { state: "paid", captured: "0.000", refunded: "0.000", voided: "0.000", remaining: "86.000" },
    }),
  },
  amountTooLarge: {
    summary: "More than remains",
    given: paid("ORD-1009"),
    request: { operation: "refund", session_id: EXAMPLE_SESSION_ID, amount: "100" },
    status: 400,
    response: { amount: ["Ensure this value is at most 86.000 KWD, what remains to refund."] },
  },
  badRequest: {
    summary: "Unknown operation, and both session_id and order_no",
    given: unpaid("ORD-1010"),
    request: { operation: "refnd", session_id: EXAMPLE_SESSION_ID, order_no: "ORD-1010" },
    status: 400,
    response: {
      operation: ['"refnd" is not a valid choice: use one of cancel, expire, delete, capture, refund, void.'],
      session_id: ["Give exactly one of session_id and order_no."],
    },
  },
  notFound: {
    summary: "No such transaction (unknown, deleted, or on gateways the Basic user may not use)",
    given: null,
    request: { operation: "cancel", order_no: "ORD-9999" },
    status: 404,
    response: { detail: "No such transaction." },
  },
  notAllowed: {
    summary: "Not allowed in the transaction's state",
    given: paid("ORD-1011"),
    request: { operation: "capture", session_id: EXAMPLE_SESSION_ID },
    status: 409,
    response: { detail: "The transaction is paid: capture is not allowed. Operations allowed in this state: refund." },
  },
  deletePaid: {
    summary: "Delete of a paid transaction",
    given: paid("ORD-1012"),
    request: { operation: "delete", session_id: EXAMPLE_SESSION_ID },
    status: 409,
    response: {
      detail: "The transaction is paid: delete is not allowed. Operations allowed in this state: refund. Refund or void the payment before deleting it.",
    },
  },
} satisfies Record<string, OperationScenario>;

export type OperationScenarioName = keyof typeof operationScenarios;

/** Error answers no scenario above produces without more setup (another caller, a repeated key). */
export const operationErrorExamples = {
  trackingKeyReused: { summary: "Tracking-Key reused with another body", value: { detail: "This Tracking-Key was already used with a different request body." } },
  keysDiffer: { summary: "Tracking-Key and Idempotency-Key differ", value: { detail: "Tracking-Key and Idempotency-Key differ; send one of them." } },
  forbidden: { summary: "A Basic user without the refund permission", value: { detail: "You do not have permission to refund payment transactions." } },
  inquiryForbidden: { summary: "A Basic user without the inquiry permission", value: { detail: "You do not have permission to inquiry payment transactions." } },
  inProgress: {
    summary: "Another capture or void holds the authorization",
    value: { detail: "Another operation on this authorized transaction is in progress; void is not allowed now." },
  },
  exactlyOne: { summary: "Neither or both of session_id and order_no", value: { session_id: ["Give exactly one of session_id and order_no."] } },
};

export const inquiryRequests = {
  bySessionId: { summary: "By session id", value: { session_id: EXAMPLE_SESSION_ID } },
  byOrderNo: { summary: "By order number", value: { order_no: "ORD-1007" } },
};
