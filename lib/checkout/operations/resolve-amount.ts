import type { TransactionRow } from "@/db/queries/transactions";
import type { MoneyOperation } from "@/db/types";
import { ValidationFailed } from "@/lib/core/errors";
import { availableUnits, SETTLEMENT } from "@/lib/checkout/lifecycle/money";
import { decimalPlaces, formatUnits, toUnits } from "@/lib/core/money/decimal";

/**
 * The amount a refund, capture or void moves, with the currency's places: as asked, or by default everything
 * that remains (a void always releases the whole authorization). Field errors on `amount` otherwise.
 */
export function resolveAmount(kind: MoneyOperation, asked: string | null, txn: TransactionRow, decimals: number): string {
  const units = (v: string) => toUnits(v, decimals);
  // What the operation may still move: paid, less what is given back or held.
  const remaining = availableUnits(txn, decimals);
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
  if (SETTLEMENT[kind].whole && amount !== remaining) throw fail(`A void releases the whole authorization (${left}); leave amount out.`);
  if (amount > remaining) throw fail(`Ensure this value is at most ${left} ${txn.currency_code}, what remains to ${kind}.`);
  return formatUnits(amount, decimals);
}
