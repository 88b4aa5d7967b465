import { z } from "zod";
import { sdkSetupSchema } from "@/lib/checkout/sdk/sdk-schemas";
import type { GatewayOperation } from "@/db/types";
import { ATTEMPT_STATES, TRANSACTION_STATES } from "@/lib/checkout/lifecycle/states";
import { MAX_MIN_EXPIRY_DAYS } from "./card-acceptance-schema";
import { NOTIFICATION_EVENTS } from "./transaction-fields";

// The transaction as create, read and update return it (`representTransaction`), for the OpenAPI document.
// Strict objects: a test parses real representations with it, so a field added there and not here fails.


const OPERATIONS = ["purchase", "authorize"] as const satisfies readonly GatewayOperation[];

const money = (description: string, example: string) =>
  z.string().regex(/^\d+(\.\d+)?$/).meta({ description: `${description} Exactly the currency's decimal places.`, example });
const url = (description: string, example: string) => z.url().meta({ description, example });
const nullableUrl = (description: string, example: string) => z.url().nullable().meta({ description, example });
const timestamp = (description: string, example: string) => z.iso.datetime().meta({ description, example });
const nullableText = (example: string) => z.string().nullable().meta({ example });

export const paymentMethodSchema = z
  .strictObject({
    code: z.string().meta({ description: "Gateway-setting code.", example: "sandbox" }),
    name: z.string().meta({ example: "Sandbox card" }),
    pg: z.string().meta({ description: "Payment gateway behind the setting.", example: "sandbox" }),
    is_sandbox: z.boolean(),
    type: z.enum(["sandbox", "production"]),
    icon: url("Absolute URL of the gateway's icon.", "https://pay.example.com/icons/sandbox.svg"),
    flow: z.enum(["redirect"]),
    payment_url: url("Starts a payment with this gateway.", "https://pay.example.com/b/checkout/redirect/pay/?session_id=…&code=sandbox"),
    redirect_url: z.string().nullable().meta({ description: "Where the customer returns after paying." }),
    amount: money("Transaction amount plus fee.", "86.000"),
    currency_code: z.string().meta({ example: "KWD" }),
    fee: money("Fee of this gateway.", "0.000"),
    fee_description: z.string().meta({ example: "No fee" }),
  })
  .meta({ description: "One way to pay, per code in pg_codes." });

const PAYMENT_REFERENCE = z.string().meta({ example: "CK9D2E4F6A8B0C1D3E" });

export const attemptSchema = z
  .strictObject({
    reference_number: PAYMENT_REFERENCE.meta({
      description: "Our reference of the attempt: what the customer's receipt and our result page show.",
    }),
    state: z.enum(ATTEMPT_STATES).meta({
      description: "pending: sent to the gateway, no answer yet; success: paid (or authorized); declined, canceled, error: the gateway's refusal, the customer's cancelation, a failure; expired: the transaction expired first; superseded: released when the customer started another attempt.",
      example: "success",
    }),
    gateway_code: z.string().meta({ description: "Gateway-setting code the attempt used (one of pg_codes).", example: "sandbox" }),
    amount: money("Amount charged by this attempt, fee included.", "86.000"),
    is_duplicate: z.boolean().meta({
      description: "A success that came after the transaction was already settled: the money is given back.",
      example: false,
    }),
    card: z
      .strictObject({
        brand: z.string().meta({ example: "Visa" }),
        last4: z.string().regex(/^\d{4}$/).meta({ description: "The card number's last four digits, and no more of it.", example: "1111" }),
      })
      .nullable()
      .meta({ description: "The card the customer paid with, once the gateway has told; null before or for other means." }),
    message: z.string().nullable().meta({ description: "The gateway's message, mostly why it refused the payment.", example: "Insufficient funds" }),
    created_at: timestamp("When the customer was sent to the gateway (UTC).", "2026-01-01T12:01:00.000Z"),
    completed_at: z.iso.datetime().nullable().meta({ description: "When the gateway's final answer arrived (UTC); null while pending.", example: "2026-01-01T12:02:00.000Z" }),
  })
  .meta({ description: "One time the customer was sent to a gateway to pay." });

const billingAddress = z.strictObject({
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  state: z.string(),
  country: z.string().regex(/^[A-Z]{2}$/),
  postal_code: z.string(),
});

export const transactionRepresentationSchema = z
  .strictObject({
    session_id: z.string().regex(/^[0-9a-f]{40}$/).meta({ description: "40 lower-case hex characters.", example: "4d4a1b2f0c9e8d7a6b5c4d3e2f1a0b9c8d7e6f5a" }),
    type: z.enum(["e_commerce", "payment_request"]),
    mode: z.enum(["payment"]),
    state: z.enum(TRANSACTION_STATES),
    operation: z.enum(OPERATIONS).meta({ description: "From the first gateway's setting." }),
    amount: money("The amount.", "86.000"),
    currency_code: z.string().meta({ example: "KWD" }),
    pg_codes: z.array(z.string()).meta({ example: ["sandbox"] }),
    checkout_url: url("The hosted payment page.", "https://pay.example.com/b/checkout/redirect/start/?session_id=…"),
    checkout_short_url: nullableUrl("The short link `{APP_URL}/b/{code}`, a redirect to checkout_url; null unless shortify_checkout_url was asked for.", "https://pay.example.com/b/Xy7Kq2mB9aZc"),
    qr_code_url: nullableUrl("A PNG QR code of the short link (or of checkout_url when there is none); the same address ending in .svg gives an SVG. Null unless generate_qr_code was asked for.", "https://pay.example.com/b/checkout/v1/qr/P4nR8sT2vW6y.png"),
    payment_methods: z.array(paymentMethodSchema),
    customer_id: nullableText("cust-42"),
    customer_first_name: nullableText("Sara"),
    customer_last_name: nullableText("Ahmad"),
    customer_email: nullableText("sara@example.com"),
    customer_phone: nullableText("96550000000"),
    customer_phone_2: nullableText("96560000000"),
    customer_birthdate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable().meta({ description: "YYYY-MM-DD.", example: "1990-04-21" }),
    billing_address: billingAddress.nullable(),
    shipping_address: billingAddress.nullable().meta({ description: "As given in shipping_address or shopping_address; null when neither was." }),
    order_no: nullableText("ORD-1001"),
    notifications: z.strictObject({
      email: z.array(z.enum(NOTIFICATION_EVENTS)),
      sms: z.array(z.enum(NOTIFICATION_EVENTS)),
      whatsapp: z.array(z.enum(NOTIFICATION_EVENTS)),
    }),
    webhook_url: z.string().nullable(),
    redirect_url: z.string().nullable(),
    vendor_name: z.string().nullable(),
    product_type: z.string().nullable(),
    expiration_time: z.string().meta({ description: "HH:MM:SS or D HH:MM:SS.", example: "01:00:00" }),
    expires_at: timestamp("When the transaction expires if unpaid (UTC).", "2026-01-01T13:00:00.000Z"),
    due_datetime: z.iso.datetime().nullable().meta({ description: "When the payment is due, as shown to the customer (ISO 8601 UTC); null when not given.", example: "2026-01-05T12:00:00.000Z" }),
    language: z.enum(["en", "ar"]),
    email_recipients: z.array(z.string()),
    extra: z.record(z.string(), z.unknown()),
    payment_type: z.enum(["one_off", "save_card", "auto_debit"]).meta({ description: "one_off, save_card (the card is saved) or auto_debit (saved under `agreement`)." }),
    agreement: z
      .looseObject({ id: z.string(), type: z.enum(["recurring", "unscheduled", "event_based", "installment"]) })
      .nullable()
      .meta({ description: "The auto_debit agreement as given (dates as YYYY-MM-DD), null otherwise." }),
    card_acceptance_criteria: z
      .strictObject({ min_expiry_time: z.number().int().min(0).max(MAX_MIN_EXPIRY_DAYS).meta({ description: "Days the card must still be valid for.", example: 30 }) })
      .nullable()
      .meta({ description: "What a card must meet to pay; null when nothing was asked." }),
    include_sdk_setup_preload: z.boolean(),
    sdk_setup_preload_payload: sdkSetupSchema
      .nullable()
      .optional()
      .meta({
        description:
          "Only in create's answer, and only with `include_sdk_setup_preload: true`: the Checkout SDK's setup, what `GET /b/checkout/api/sdk/v1/pymt-txn/submit/{session_id}/` answers, so the embedded checkout renders without another call. Null when the transaction can no longer be paid (a replay after it was paid, canceled or deleted).",
      }),
    attachment: z.url().nullable().meta({ description: "Download URL of the attached file, if any." }),
    attachment_short_url: nullableUrl("A short link `{APP_URL}/b/{code}` redirecting to the attachment; null unless shortify_attachment_url was asked for.", "https://pay.example.com/b/Hc3Vb5Nm8QwE"),
    paid_amount: money("Paid so far.", "0.000"),
    refunded_amount: money("Refunded so far.", "0.000"),
    captured_amount: money("Captured so far.", "0.000"),
    voided_amount: money("Released without being charged: a void, or the rest of an authorization after a smaller capture.", "0.000"),
    reference_number: PAYMENT_REFERENCE.nullable().meta({
      description:
        "Reference of the attempt that settled the transaction (the oldest successful attempt that is not a duplicate): the reference the customer's receipt shows. Null until one succeeds.",
    }),
    settled_pg_code: z.string().nullable().meta({
      description: "Gateway-setting code of the attempt that settled the transaction (the one reference_number names); null until one succeeds.",
      example: "sandbox",
    }),
    attempts: z.array(attemptSchema).meta({ description: "Every payment attempt of the transaction, oldest first." }),
    created_at: timestamp("UTC.", "2026-01-01T12:00:00.000Z"),
    updated_at: timestamp("UTC.", "2026-01-01T12:00:00.000Z"),
  })
  .meta({ description: "A payment transaction as create, read and update return it." });

export type TransactionRepresentationShape = z.infer<typeof transactionRepresentationSchema>;
