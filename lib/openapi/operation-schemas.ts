import { z } from "zod";
import { FROM_STATES, OPERATIONS } from "@/lib/checkout/lifecycle/verbs";
import { EXACTLY_ONE } from "@/lib/checkout/operations/read-operation-request";
import { TRANSACTION_STATES } from "@/lib/checkout/lifecycle/states";

// The bodies of POST /b/pbl/v2/operation/ and /b/pbl/v2/inquiry/ and the operation's answers, for the OpenAPI
// document. The requests are read by lib/checkout/operations/read-operation-request.ts (not by zod), so tests feed these
// examples to it; the answers are strict objects that tests parse real answers with, so they cannot drift.

const SESSION_ID_EXAMPLE = "4d4a1b2f0c9e8d7a6b5c4d3e2f1a0b9c8d7e6f5a";

const money = (description: string, example: string) =>
  z.string().regex(/^\d+(\.\d+)?$/).meta({ description: `${description} Exactly the currency's decimal places.`, example });

const target = {
  session_id: z
    .string()
    .max(40)
    .optional()
    .meta({ description: `The transaction's session id. ${EXACTLY_ONE}`, example: SESSION_ID_EXAMPLE }),
  order_no: z
    .string()
    .max(128)
    .optional()
    .meta({ description: `The transaction's order number (the newest transaction with it). ${EXACTLY_ONE}`, example: "ORD-1001" }),
};

export const inquiryRequestSchema = z
  .object(target)
  .meta({ description: `Names one transaction. ${EXACTLY_ONE} Unknown keys are ignored.` });

export const operationRequestSchema = z
  .object({
    operation: z.enum(OPERATIONS).meta({
      description: `What to do, in any letter case (\`refund\`, \`Refund\`, \`REFUND\`). The states each starts from: ${OPERATIONS.map(
        (name) => `${name}: ${FROM_STATES[name].join(", ")}`,
      ).join("; ")}. Any other state: 409.`,
      example: "refund",
    }),
    ...target,
    amount: z.union([z.string(), z.number()]).optional().meta({
      description:
        "refund and capture only: at most the currency's decimal places, at most what remains (the fee included). " +
        "Left out: everything that remains. A void always releases the whole authorization: leave it out.",
      example: "20.000",
    }),
    extra: z.record(z.string(), z.unknown()).optional().meta({
      description: "Kept with the operation's record (a reason, your own ids). In a form or multipart body: JSON text or `extra[key]` fields.",
      example: { reason: "customer asked" },
    }),
  })
  .meta({ description: `One operation on one transaction. ${EXACTLY_ONE} Unknown keys are ignored; null or "" counts as not given.` });

/** 200 to cancel, expire and delete. */
export const stateResultSchema = z
  .strictObject({
    detail: z.literal("Success"),
    operation: z.enum(["cancel", "expire", "delete"]),
    result: z.literal("success"),
    session_id: z.string().regex(/^[0-9a-f]{40}$/).meta({ example: SESSION_ID_EXAMPLE }),
    state: z.enum(TRANSACTION_STATES).meta({
      description: "The transaction's state now: canceled, expired, or (delete) the state it was deleted in; a created or attempted link is canceled on the way.",
      example: "canceled",
    }),
  })
  .meta({ description: "Cancel, expire or delete done." });

/** 200, 202 or 400 to refund, capture and void. */
export const moneyResultSchema = z
  .strictObject({
    detail: z.string().meta({ description: "`Success`, the gateway's message when it refused, or why the operation is still pending.", example: "Success" }),
    operation: z.enum(["refund", "capture", "void"]),
    result: z.enum(["success", "failed", "pending"]).meta({ description: "success (200), failed: refused by the gateway (400), pending: no answer yet (202)." }),
    success: z.boolean().meta({ description: "true only when result is success." }),
    amount: money("What this operation moves (or tried to).", "20.000"),
    currency_code: z.string().meta({ example: "KWD" }),
    session_id: z.string().regex(/^[0-9a-f]{40}$/).meta({ example: SESSION_ID_EXAMPLE }),
    order_no: z.string().nullable().meta({ example: "ORD-1001" }),
    reference_number: z.string().meta({ description: "This operation's reference (also its idempotency key at the gateway, and in its webhook).", example: "OP3F9A1C0D5B7E2468" }),
    pg_code: z.string().meta({ description: "The gateway setting that took the payment.", example: "sandbox" }),
    pg_response: z.record(z.string(), z.unknown()).meta({ description: "The gateway's answer as it gave it (empty when it did not answer)." }),
    is_sandbox: z.boolean(),
    timestamp_utc: z.iso.datetime().meta({ example: "2026-01-01T12:10:00.000Z" }),
    signature: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional()
      .meta({ description: "When a webhook HMAC key is set: signed like the webhooks (HMAC-SHA256 over the present fields among amount, currency_code, order_no, reference_number, result…)." }),
    txn: z
      .strictObject({
        session_id: z.string().regex(/^[0-9a-f]{40}$/),
        state: z.enum(TRANSACTION_STATES).meta({ description: "After the operation (unchanged while it is pending or when it was refused)." }),
        amount: money("The transaction's amount (without fee).", "86.000"),
        currency_code: z.string(),
        order_no: z.string().nullable(),
        captured_amount: money("Captured so far.", "0.000"),
        refunded_amount: money("Refunded so far.", "20.000"),
        voided_amount: money("Released without being charged.", "0.000"),
        remaining_amount: money("Paid (fee included), less what was refunded and voided.", "66.000"),
      })
      .meta({ description: "The transaction's money after this answer." }),
  })
  .meta({ description: "A refund, capture or void: done (200), refused by the gateway (400), or waiting for the gateway's answer (202)." });
