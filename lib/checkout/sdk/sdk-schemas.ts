import { z } from "zod";

// The Checkout SDK's wire shapes: what GET /b/checkout/api/sdk/v1/pymt-txn/submit/{session_id}/ answers (also
// create's sdk_setup_preload_payload), what POST /b/checkout/api/sdk/v1/submit/{session_id}/ takes and answers.
// Field names follow the checkout API's (amount, currency_code, pg_code, customer_id, …); the OpenAPI document
// is generated from these schemas.

const money = (description: string) => z.string().describe(description).meta({ example: "86.000" });

export const sdkPaymentMethodSchema = z.object({
  pg_code: z.string().describe("The gateway code to send to the submit endpoint."),
  name: z.string().describe("The payment method's name, as the hosted page shows it."),
  icon: z.string().describe("Absolute URL of the method's icon."),
  is_sandbox: z.boolean().describe("A test-mode gateway: no real money moves."),
  amount: money("The transaction's amount, without the fee."),
  fee: money("This method's fee."),
  fee_description: z.string().describe("`Fee: 0.250 KWD + 1.5%` or `No fee`."),
  total: money("What the customer pays with this method: amount plus fee."),
  flow: z
    .enum(["frame", "redirect"])
    .describe(
      "`frame`: the gateway's card page is ours and may be shown inside the embedded checkout's frame (the sandbox). `redirect`: the gateway's page (a bank's, Stripe's) refuses to be framed: the whole window goes to `redirect_url`.",
    ),
  saves_cards: z.boolean().describe("The gateway can save the customer's card (and charge a saved one)."),
});

export const sdkSavedCardSchema = z.object({
  token: z.string().describe("The saved card's token: send it with its `pg_code` to pay with this card."),
  pg_code: z.string(),
  brand: z.string().meta({ example: "VISA" }),
  last4: z.string().nullable().describe("The last four digits; never more of the number."),
  expiry_month: z.string().meta({ example: "12" }),
  expiry_year: z.string().meta({ example: "39" }),
  is_preferred: z.boolean().describe("The customer's newest saved or used card."),
  is_expired: z.boolean(),
  is_usable: z
    .boolean()
    .describe("False when expired or valid for fewer days than the transaction's `card_acceptance_criteria.min_expiry_time`: the card page refuses it."),
});

export const sdkSetupSchema = z.object({
  session_id: z.string(),
  type: z.enum(["e_commerce", "payment_request"]),
  state: z.enum(["created", "attempted", "pending"]).describe("Always one the customer can still pay in."),
  operation: z.enum(["purchase", "authorize"]),
  payment_type: z.enum(["one_off", "save_card", "auto_debit"]),
  amount: money("The amount, with exactly the currency's decimal places."),
  currency_code: z.string().meta({ example: "KWD" }),
  decimals: z.number().int().describe("The currency's decimal places."),
  formatted_amount: z.string().describe("Amount and currency as one text.").meta({ example: "86.000 KWD" }),
  language: z.enum(["en", "ar"]).describe("The customer's language (ar is right-to-left)."),
  merchant: z.object({
    name: z.string(),
    logo_url: z.string().nullable(),
  }),
  customer_id: z.string().nullable(),
  expires_at: z.string().describe("The payment deadline, ISO 8601 UTC."),
  expires_in_seconds: z.number().int().describe("Seconds left until `expires_at` when this answer was made (above 0)."),
  payment_methods: z.array(sdkPaymentMethodSchema).describe("The transaction's enabled gateways, in its `pg_codes` order."),
  cards: z
    .array(sdkSavedCardSchema)
    .describe("With `customer_id`: the customer's saved cards on this transaction's gateways that save cards, newest first; otherwise empty."),
});

export type SdkSetup = z.output<typeof sdkSetupSchema>;

export const sdkSubmitRequestSchema = z.object({
  pg_code: z.string({ error: "This field is required." }).trim().min(1, "This field is required.").describe("One of `payment_methods[].pg_code`."),
  token: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe("A saved card's token (`cards[].token`) on that gateway; the card page then offers this card (its CVV is asked there)."),
});

export const sdkSubmitAnswerSchema = z.object({
  status: z
    .enum(["success", "redirect", "error"])
    .describe("`redirect`: go to `redirect_url` (in the frame when the method's flow is `frame`). `error`: show `message`; nothing was started. `success` is never answered by this service's gateways, which all take the card on a page."),
  message: z.string().describe("What happened, for the customer."),
  redirect_url: z.string().nullable().describe("The gateway's page (status `redirect`), else null."),
  detail: z.string().optional().describe("With status `error` (HTTP 409): the same message, in the API's error shape."),
});

export type SdkSubmitAnswer = z.output<typeof sdkSubmitAnswerSchema>;
