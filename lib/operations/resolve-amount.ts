import type { TransactionRow } from "@/db/queries/transactions";
import type { MoneyOperation } from "@/db/types";
import { ValidationFailed } from "@/lib/errors";
import { decimalPlaces, formatUnits, toUnits } from "@/lib/money/decimal";

/**
 * The amount a refund, capture or void moves, with the currency's places: as asked, or by default everything
 * that remains (a void always releases the whole authorization). Field errors on `amount` otherwise.
 */
export function resolveAmount(kind: MoneyOperation, asked: string | null, txn: TransactionRow, decimals: number): string {
  const units = (v: string) => toUnits(v, decimals);
  const remaining = remainingUnits(txn, decimals);
  const left = formatUnits(remaining, decimals);
  const fail = (message: string) => new ValidationFailed({ amount: [message] });
  if (asked === null) {
    if (remaining <= 0n) throw fail(`Nothing remains to ${kind}: the whole payment is refunded, voided or held by operations in progress.`);
    return left;
  }
  const places = decimalPlaces(asked);
  if (places === null) {
    throw fail(/^-/.test(asked) ? "Ensure this value is greater than 0." : "A valid amount is required, such as 10.500.");
  }
  if (places > decimals) throw fail(`Ensure that there are no more than ${decimals} decimal places for ${txn.currency_code}.`);
  const amount = units(asked);
  if (amount <= 0n) throw fail("Ensure this value is greater than 0.");
  if (kind === "void" && amount !== remaining) throw fail(`A void releases the whole authorization (${left}); leave amount out.`);
  if (amount > remaining) throw fail(`Ensure this value is at most ${left} ${txn.currency_code}, what remains to ${kind}.`);
  return formatUnits(amount, decimals);
}

/** What a refund, capture or void may still move, in units of the currency's places: paid, less what is given back or held. */
export function remainingUnits(txn: Pick<TransactionRow, "paid_amount" | "voided_amount" | "refunded_amount" | "held_amount">, decimals: number): bigint {
  const units = (v: string) => toUnits(v, decimals);
  return units(txn.paid_amount) - units(txn.voided_amount) - units(txn.refunded_amount) - units(txn.held_amount);
}
