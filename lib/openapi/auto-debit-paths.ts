import { AUTH, errors, ref } from "./openapi-helpers";

// POST /b/pbl/v2/auto-debit/: a merchant-initiated charge of a card saved under an agreement.

const SESSION_ID = "4f6c2d8a1b3e5f7091a2b3c4d5e6f708192a3b4c";
const AGREEMENT = { id: "sub-42", type: "recurring", amount_variability: "fixed", expiry_date: "2027-12-31", cycle_interval_days: 30, total_cycles: 12, frequency: "monthly" };

const DESCRIPTION = `Charges a customer's saved card without the customer (a merchant-initiated transaction), on a new \`auto_debit\`
transaction of the same \`customer_id\` and \`agreement.id\`. Api-Key, or Basic with the \`auto_debit\` permission.

How it fits together: a first \`auto_debit\` transaction is paid by the customer on the hosted page, where they see the
agreement and agree to it; the card is saved under that agreement (list it with \`POST /b/pbl/v2/card/\` and \`agreement_id\`).
For each later charge, create another \`auto_debit\` transaction with the same customer and agreement, then call this with
its \`session_id\` and the card's \`token\`.

Refused with nothing charged: a transaction that is not \`auto_debit\` or not \`created\` (409), expired (409, and it is
marked expired), a token of another customer, deleted, expired, on a gateway the transaction does not use, or not the card
saved under this agreement (400 \`token\`), an agreement that differs from the one accepted, has expired or has had all
its \`total_cycles\` (400 \`agreement\`), another currency than the one the agreement was accepted in (400
\`currency_code\`, whatever its type), another amount than a \`fixed\` agreement's first payment or more than
\`max_amount_per_cycle\`, fee included (400 \`amount\`), a charge before the agreement's cycle allows it (400 \`agreement\`,
naming the first day allowed). The cycle is \`cycle_interval_days\`, or without it the \`frequency\` (daily, weekly, monthly,
quarterly, semi_annually, yearly), counted in UTC days from the last charge: the customer's first payment, then each
auto-debit that went through or is going on. Of two concurrent requests for one transaction, one charges and the other gets
409; of two transactions charged at once under one agreement, only as many as its cycle and \`total_cycles\` allow.

Answers **200** when charged (\`state\` paid, or authorized on an authorize gateway), **400** with the gateway's message when
declined (\`result\` failed, \`state\` attempted), **202** while the gateway has not answered. The body is the same signed
payload the transaction's webhook receives for that result (same \`event_id\`), with \`detail\` and \`success\` added.`;

const payload = (over: Record<string, unknown>) => ({
  detail: "Success",
  success: true,
  event_id: "0b7c2f5e-3d1a-4e8b-9f6a-1c2d3e4f5a6b",
  session_id: SESSION_ID,
  order_no: "SUB-42-2027-02",
  reference_number: "CK5E0A3C9B1D2F4E6A",
  operation: "purchase",
  state: "paid",
  result: "success",
  amount: "9.900",
  currency_code: "KWD",
  fee: "0.000",
  amount_details: { amount: "9.900", fee: "0.000", total: "9.900", currency_code: "KWD" },
  paid_amount: "9.900",
  customer_id: "cust-42",
  gateway_name: "sandbox",
  gateway_account: "sandbox",
  gateway_response: { result: "CAPTURED", responsecode: "00", ref: "CK5E0A3C9B1D2F4E6A" },
  message: null,
  timestamp_utc: "2027-02-01T06:00:00.000Z",
  extra: {},
  is_sandbox: true,
  payment_type: "auto_debit",
  agreement: AGREEMENT,
  signature: "5d41402abc4b2a76b9719d911017c592e7b8a1c3d4f5a6b7c8d9e0f1a2b3c4d5",
  ...over,
});

const answer = {
  type: "object",
  description: "The webhook payload of the charge's result, with `detail` and `success`.",
  required: ["detail", "success", "session_id", "state", "result", "amount", "currency_code", "reference_number", "payment_type", "agreement"],
  properties: {
    detail: { type: "string" },
    success: { type: "boolean" },
    session_id: { type: "string" },
    state: { type: "string" },
    result: { type: "string", enum: ["success", "failed", "error", "pending"] },
    amount: { type: "string" },
    currency_code: { type: "string" },
    reference_number: { type: "string" },
    payment_type: { type: "string", enum: ["auto_debit"] },
    agreement: { type: "object" },
    signature: { type: "string", description: "With a webhook HMAC key set: the webhook scheme's signature." },
  },
  additionalProperties: true,
};

const fieldErrors = (examples: Record<string, { summary: string; value: unknown }>) => ({
  description: "Nothing charged: a body, card or agreement that does not fit (field errors), or the gateway declined (the payload, `result` failed).",
  content: { "application/json": { schema: { oneOf: [answer, ref("schemas", "FieldErrors")] }, examples } },
});

const detail = (description: string, examples: Record<string, { summary: string; value: unknown }>) => ({
  description,
  content: { "application/json": { schema: ref("schemas", "Detail"), examples } },
});

const request = {
  type: "object",
  required: ["session_id", "token"],
  properties: {
    session_id: { type: "string", maxLength: 40, description: "A `created` auto_debit transaction." },
    token: { type: "string", maxLength: 128, description: "The saved card's token (`POST /b/pbl/v2/card/`)." },
  },
};

export const autoDebitPaths = {
  "/b/pbl/v2/auto-debit/": {
    post: {
      operationId: "autoDebit",
      tags: ["Saved cards"],
      summary: "Auto-debit a saved card",
      description: DESCRIPTION,
      security: AUTH,
      requestBody: {
        required: true,
        content: {
          "application/json": { schema: request, examples: { charge: { summary: "Charge the saved card", value: { session_id: SESSION_ID, token: "tok_3f9a0c1e2d4b5a6978877665544332211" } } } },
          "application/x-www-form-urlencoded": { schema: request },
        },
      },
      responses: {
        200: { description: "Charged.", content: { "application/json": { schema: answer, examples: { charged: { summary: "Charged", value: payload({}) } } } } },
        202: {
          description: "The gateway has not answered yet; the result follows by webhook (POST /b/pbl/v2/inquiry/ asks at once).",
          content: {
            "application/json": {
              schema: answer,
              examples: { pending: { summary: "No answer yet", value: payload({ detail: "The gateway has not answered yet; the result follows by webhook (an inquiry asks at once).", success: false, state: "pending", result: "pending", paid_amount: "0.000", gateway_response: null }) } },
            },
          },
        },
        400: fieldErrors({
          declined: {
            summary: "Declined by the issuer",
            value: payload({ detail: "Insufficient funds", success: false, state: "attempted", result: "failed", paid_amount: "0.000", message: "Insufficient funds", gateway_response: { result: "NOT CAPTURED", responsecode: "51" } }),
          },
          otherCustomer: { summary: "A token of another customer", value: { token: ["No saved card with this token for customer cust-42."] } },
          fixedAmount: { summary: "Another amount than a fixed agreement's", value: { amount: ["Agreement sub-42 has a fixed amount: 9.900 KWD each time."] } },
          cyclesDone: { summary: "Every charge of the agreement made", value: { agreement: ["All 12 charges of agreement sub-42 were made."] } },
          tooSoon: {
            summary: "Before the agreement's cycle allows the next charge",
            value: { agreement: ["Agreement sub-42 allows one charge every 30 days: the last was on 2027-02-01, so the next is allowed from 2027-03-03 (UTC)."] },
          },
          otherCurrency: {
            summary: "Another currency than the agreement was accepted in",
            value: { currency_code: ["Agreement sub-42 was accepted in KWD: it can be charged only in KWD, not USD."] },
          },
        }),
        ...errors("Unauthorized"),
        403: detail("A Basic user without the auto_debit permission.", { forbidden: { summary: "No permission", value: { detail: "You do not have permission to auto_debit payment transactions." } } }),
        404: detail("No such transaction: unknown, deleted, or naming a gateway the Basic user may not use (the same answer).", { notFound: { summary: "Unknown", value: { detail: "No such transaction." } } }),
        409: detail("Not an auto_debit transaction, not created (already charged, or being charged by a concurrent request), or expired.", {
          notCreated: { summary: "Already charged", value: { detail: "Only a transaction in state created can be auto-debited; this one is paid." } },
        }),
        ...errors("PayloadTooLarge", "UnsupportedMediaType", "TooManyRequests", "InternalError"),
      },
    },
  },
};
