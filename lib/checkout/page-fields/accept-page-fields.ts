import type { TransactionRow } from "@/db/queries/transactions";
import type { Address } from "@/db/types";
import { ValidationFailed } from "@/lib/core/errors";
import { checkoutMessages } from "@/lib/checkout/i18n/checkout-messages";
import { asksForAnything, checkPageFields, type DeliveryLocation, pageOptionsOf, problemMessage, type TypedPageFields } from "./page-fields";

export interface AcceptedPageFields {
  address: Address | null;
  location: DeliveryLocation | null;
}

/**
 * What the customer typed on a legacy transaction's payment page, checked against its page options before a
 * payment starts: null when the page asks for nothing (whatever was sent is ignored), else the fields to store.
 * A missing or wrong field refuses the payment with field errors named as the form's fields.
 */
export function acceptPageFields(txn: Pick<TransactionRow, "interface" | "legacy" | "language">, typed: TypedPageFields | undefined): AcceptedPageFields | null {
  const options = pageOptionsOf(txn);
  if (!asksForAnything(options)) return null;
  const { address, location, problems } = checkPageFields(options, typed ?? {});
  const entries = Object.entries(problems);
  if (entries.length > 0) {
    const messages = checkoutMessages(txn.language === "ar" ? "ar" : "en").capture;
    throw new ValidationFailed(
      Object.fromEntries(entries.map(([field, problem]) => [field, [problemMessage(messages, field as keyof typeof problems, problem)]])),
    );
  }
  return { address, location };
}
