import { z } from "zod";
import { cardSchema } from "@/lib/checkout/cards/card-schemas";
import { currencyCode, environmentType, listOf, looseBoolean, text, word } from "@/lib/core/validation/loose-fields";

// POST /b/pbl/v2/payment-methods/: the request and the answer. The same schemas validate requests and generate
// the OpenAPI document; tests parse real answers with the answer schema.

export const PLUGINS = ["e_commerce", "payment_request"] as const;

export const paymentMethodsRequestSchema = z
  .object({
    plugin: word(PLUGINS).meta({ description: "The kind of transaction the methods are for: e_commerce or payment_request (any case).", enum: [...PLUGINS], example: "e_commerce" }),
    currencies: listOf(currencyCode, 20)
      .optional()
      .meta({
        description: "ISO 4217 codes (any case; a comma-separated string also works): only gateways that accept every one. A code no gateway accepts matches nothing.",
        items: { type: "string", pattern: "^[A-Za-z]{3}$" },
        example: ["KWD"],
      }),
    customer_id: text(64).optional().meta({ description: "Also list this customer's saved cards on the returned gateways.", example: "cust-42" }),
    operation: word(["purchase", "authorize"] as const)
      .optional()
      .meta({ description: "Only gateways that purchase (charge at once) or authorize (capture later).", enum: ["purchase", "authorize"], example: "purchase" }),
    tokenizable: looseBoolean
      .optional()
      .meta({ description: "true: only gateways that can save cards (save_card, auto_debit). false or left out: any gateway. Also \"true\"/\"1\" as text.", type: "boolean", example: true }),
    pg_names: listOf(z.string({ error: "Gateway names are strings." }).trim().toLowerCase().min(1, "Gateway names may not be blank."), 20)
      .optional()
      .meta({ description: "Only gateway settings of these payment gateways (their `pg`, for example sandbox).", items: { type: "string" }, example: ["sandbox"] }),
    type: environmentType
      .optional()
      .meta({
        description: "sandbox: only sandbox (test-mode) gateways; production, or left out: only production gateways. The two are never listed together. ottu-py always sends it.",
        enum: ["sandbox", "production"],
        example: "sandbox",
      }),
  })
  .meta({ description: "Unknown keys are ignored; null or an empty string counts as not given." });

export const FOLLOW_UPS = { purchase: ["refund"], authorize: ["capture", "void", "refund"] } as const;

export const paymentMethodSchema = z.strictObject({
  code: z.string().meta({ description: "The gateway setting's code: give it in pg_codes.", example: "sandbox" }),
  name: z.string().meta({ example: "Sandbox card" }),
  pg: z.string().meta({ description: "The payment gateway behind it.", example: "sandbox" }),
  is_sandbox: z.boolean(),
  logo: z.url().meta({ description: "Absolute URL of the gateway's logo.", example: "https://pay.example.com/icons/sandbox.svg" }),
  wallets: z.array(z.string()).meta({ description: "Always empty: no wallets (Apple Pay, Google Pay) here." }),
  default_currency: z.string().meta({ description: "Its first currency among those requested, else its first.", example: "KWD" }),
  accepted_currencies: z.array(z.string()).meta({ example: ["KWD", "USD"] }),
  operation: z.enum(["purchase", "authorize"]),
  operations: z.array(z.enum(["refund", "capture", "void"])).meta({
    description: "What can follow a payment on it: refund after a purchase; capture, void, then refund after an authorization.",
    example: ["refund"],
  }),
});

export const paymentMethodsAnswerSchema = z
  .strictObject({
    payment_methods: z.array(paymentMethodSchema).meta({ description: "Enabled gateways the caller may use that match every filter, by code." }),
    customer_payment_methods: z.array(cardSchema).meta({ description: "With customer_id: the customer's saved cards on those gateways, newest saved or used first; else empty." }),
  })
  .meta({ description: "The gateways a transaction can be created with, and the customer's saved cards on them." });

export type PaymentMethodsAnswer = z.output<typeof paymentMethodsAnswerSchema>;
