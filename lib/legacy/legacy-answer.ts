import { z } from "zod";
import { formatAmount } from "@/lib/core/money/decimal";
import { checkoutUrl } from "@/lib/checkout/transactions/represent-transaction";

const PAGE = "The hosted payment page (the checkout interface's checkout_url); url, payment_url and checkout_url are the same.";

/** The 201 of a legacy create (contract.md, "Legacy interface"). */
export const legacyAnswerSchema = z
  .object({
    session_id: z.string().meta({ description: "40 hex characters; the transaction's id on the checkout interface too." }),
    reference_number: z.null().meta({
      description: "Always null here: a reference number is given to each payment attempt, so there is none before the customer pays. The result sent to disclosure_url and the redirect carry the attempt's.",
    }),
    order_no: z.string().nullable(),
    amount: z.string().meta({ description: "With exactly the currency's decimal places." }),
    currency_code: z.string(),
    state: z.literal("created"),
    url: z.string().meta({ description: PAGE }),
    payment_url: z.string().meta({ description: PAGE }),
    checkout_url: z.string().meta({ description: PAGE }),
  })
  .strict();

export type LegacyAnswer = z.output<typeof legacyAnswerSchema>;

export function legacyAnswer(
  row: { session_id: string; order_no: string | null; amount: string; currency_code: string },
  decimals: number,
): LegacyAnswer {
  const page = checkoutUrl(row.session_id);
  return {
    session_id: row.session_id,
    reference_number: null,
    order_no: row.order_no,
    amount: formatAmount(row.amount, decimals),
    currency_code: row.currency_code,
    state: "created",
    url: page,
    payment_url: page,
    checkout_url: page,
  };
}
