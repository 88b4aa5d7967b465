import { z } from "zod";
import { environmentType, listOf, text } from "@/lib/core/validation/loose-fields";

// The saved-card endpoints' requests and the card they answer with. The same schemas validate requests and
// generate the OpenAPI document; tests parse real answers with `cardSchema`, so the two cannot drift.

const TYPE_DESCRIPTION = "sandbox or production (any case): only cards on gateways of that kind. ottu-py always sends it.";

const customerId = text(64).meta({ description: "The merchant's id of the customer whose cards these are.", example: "cust-42" });

export const listCardsRequestSchema = z
  .object({
    type: environmentType.optional().meta({ description: TYPE_DESCRIPTION, enum: ["sandbox", "production"], example: "sandbox" }),
    customer_id: customerId,
    pg_codes: listOf(z.string({ error: "Gateway codes are strings." }).trim().min(1, "Gateway codes may not be blank."), 50)
      .optional()
      .meta({ description: "Only cards saved on these gateway settings (a comma-separated string also works).", items: { type: "string" }, example: ["sandbox"] }),
    agreement_id: text(128).optional().meta({ description: "Only the card linked to this auto-debit agreement of the customer.", example: "sub-42" }),
  })
  .meta({ description: "Unknown keys are ignored; null or an empty string counts as not given." });

export const deleteCardQuerySchema = z.object({
  customer_id: customerId,
  type: environmentType.optional().meta({ description: TYPE_DESCRIPTION, enum: ["sandbox", "production"] }),
});

export const cardSchema = z
  .strictObject({
    customer_id: z.string().meta({ example: "cust-42" }),
    brand: z.string().meta({ description: "The card scheme.", example: "VISA" }),
    name_on_card: z.string().nullable().meta({ description: "The holder's name as typed on the payment page.", example: "SARA AHMAD" }),
    number: z
      .string()
      .regex(/^\*{4}( \d{4})?$/)
      .meta({ description: "Masked: only the last four digits, never the full number.", example: "**** 1111" }),
    expiry_month: z.string().regex(/^(0[1-9]|1[0-2])$/).meta({ example: "12" }),
    expiry_year: z.string().regex(/^\d{2}$/).meta({ description: "Two digits.", example: "39" }),
    token: z.string().meta({ description: "Charge it with POST /b/pbl/v2/auto-debit/, or remove it with DELETE /b/pbl/v2/card/{token}/.", example: "tok_7f3a9c2e41d8b6a0" }),
    pg_code: z.string().meta({ description: "The gateway setting the card is saved on.", example: "sandbox" }),
    is_preferred: z.boolean().meta({ description: "The customer's most recently saved or used card among those listed." }),
    is_expired: z.boolean().meta({ description: "The end of the expiry month (UTC) has passed." }),
    will_expire_soon: z.boolean().meta({ description: "Expires within 30 days and has not yet." }),
    cvv_required: z.boolean().meta({ description: "The payment page asks the customer for the CVV of this saved card." }),
    agreements: z.array(z.string()).meta({ description: "The ids of the auto-debit agreements this card pays.", example: ["sub-42"] }),
  })
  .meta({ description: "A card saved for a customer. Never the full number or the CVV." });

export type Card = z.output<typeof cardSchema>;
