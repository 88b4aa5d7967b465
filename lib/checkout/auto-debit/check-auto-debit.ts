import type { AgreementLink, CardToCharge } from "@/db/queries/card-agreements";
import type { RowView, TransactionRow } from "@/db/queries/transactions";
import { Conflict, ValidationFailed } from "@/lib/core/errors";
import { AUTO_DEBITABLE } from "@/lib/checkout/lifecycle/verbs";
import { earliestAcceptedExpiry, expiresTooSoon, formatExpiry } from "@/lib/gateways/card-expiry";
import { formatAmount, toUnits } from "@/lib/core/money/decimal";
import { agreementCycle, nextChargeDate, utcDate as today } from "./agreement-cycle";

/** Whether the card's expiry month has ended (UTC). */
export const cardExpired = (card: { expiry_month: number; expiry_year: number }, now: Date) =>
  expiresTooSoon({ month: card.expiry_month, year: card.expiry_year }, 0, now);

export const allChargesMade = (link: AgreementLink) => `All ${link.agreement.total_cycles} charges of agreement ${link.agreement.id} were made.`;

/** When the agreement's cycle allows its next charge: null when now (or it has no cycle). */
export function tooSoon(link: AgreementLink, now: Date): string | null {
  const cycle = agreementCycle(link.agreement);
  if (!cycle) return null;
  const last = today(link.last_charge_at);
  const next = nextChargeDate(last, cycle);
  if (next <= today(now)) return null;
  return `Agreement ${link.agreement.id} allows one charge ${cycle.words}: the last was on ${last}, so the next is allowed from ${next} (UTC).`;
}

/** What the transaction must be: an auto_debit transaction still waiting for its first payment. */
export function checkChargeable(txn: TransactionRow): void {
  if (txn.payment_type !== "auto_debit" || !txn.agreement || !txn.customer_id) {
    throw new Conflict(`Only an auto_debit transaction can be auto-debited; this one is ${txn.payment_type}.`);
  }
  if (!AUTO_DEBITABLE.includes(txn.state)) {
    throw new Conflict(`Only a transaction in state created can be auto-debited; this one is ${txn.state}.`);
  }
}

/**
 * The rules between a card, the agreement the customer accepted with it, and this charge; each broken one is a
 * 400 naming what to fix, and nothing is charged.
 */
export function checkCardAndAgreement(
  view: RowView,
  card: CardToCharge | undefined,
  link: AgreementLink | undefined,
  now: Date,
): void {
  const { txn, decimals } = view;
  const agreement = txn.agreement!;
  const fail = (field: string, message: string) => {
    throw new ValidationFailed({ [field]: [message] });
  };
  if (!card || card.deleted_at) return fail("token", `No saved card with this token for customer ${txn.customer_id}.`);
  if (!txn.pg_codes.includes(card.gateway_code)) {
    return fail("token", `This card was saved on gateway ${card.gateway_code}, which this transaction does not use (${txn.pg_codes.join(", ")}).`);
  }
  const expiry = { month: card.expiry_month, year: card.expiry_year };
  if (cardExpired(card, now)) {
    return fail("token", `This card expired at the end of ${formatExpiry(expiry)}; the customer must pay once with a new card.`);
  }
  const minDays = txn.card_acceptance_criteria?.min_expiry_time;
  if (minDays && expiresTooSoon(expiry, minDays, now)) {
    return fail(
      "token",
      `This card expires at the end of ${formatExpiry(expiry)}: card_acceptance_criteria.min_expiry_time asks for a card valid ${minDays} more days, until at least ${formatExpiry(earliestAcceptedExpiry(minDays, now))}.`,
    );
  }
  if (!link || link.card_id !== card.id) {
    return fail("token", `This card is not the one the customer saved under agreement ${agreement.id}.`);
  }
  const accepted = link.agreement;
  if (accepted.type !== agreement.type || accepted.amount_variability !== agreement.amount_variability) {
    return fail("agreement", `Agreement ${agreement.id} differs from the one the customer accepted (${accepted.type}, ${accepted.amount_variability ?? "no amount rule"}).`);
  }
  if (accepted.expiry_date && accepted.expiry_date < today(now)) return fail("agreement", `Agreement ${agreement.id} expired on ${accepted.expiry_date}.`);
  if (accepted.start_date && accepted.start_date > today(now)) return fail("agreement", `Agreement ${agreement.id} starts on ${accepted.start_date}.`);
  if (accepted.total_cycles !== undefined && link.charges >= accepted.total_cycles) return fail("agreement", allChargesMade(link));
  // Whatever the type: the customer accepted amounts (fixed, or at most max_amount_per_cycle) in one currency.
  if (txn.currency_code !== link.currency_code) {
    return fail("currency_code", `Agreement ${agreement.id} was accepted in ${link.currency_code}: it can be charged only in ${link.currency_code}, not ${txn.currency_code}.`);
  }
  if (accepted.amount_variability === "fixed" && toUnits(txn.amount, 6) !== toUnits(link.amount, 6)) {
    return fail("amount", `Agreement ${agreement.id} has a fixed amount: ${formatAmount(link.amount, decimals)} ${link.currency_code} each time.`);
  }
  if (accepted.max_amount_per_cycle !== undefined && toUnits(txn.amount, 6) > toUnits(accepted.max_amount_per_cycle, 6)) {
    return fail("amount", `Agreement ${agreement.id} allows at most ${accepted.max_amount_per_cycle} ${link.currency_code} a charge.`);
  }
  const early = tooSoon(link, now);
  if (early) return fail("agreement", early);
}

/**
 * What the card is charged (the amount plus the gateway's fee) must also stay within max_amount_per_cycle: the
 * customer accepted a maximum of what leaves their account.
 */
export function checkChargedTotal(view: RowView, link: AgreementLink, total: string): void {
  const max = link.agreement.max_amount_per_cycle;
  if (max === undefined || toUnits(total, 6) <= toUnits(max, 6)) return;
  const { txn, decimals } = view;
  throw new ValidationFailed({
    amount: [
      `Agreement ${link.agreement.id} allows at most ${max} ${link.currency_code} a charge; this one would charge ${formatAmount(total, decimals)} ${txn.currency_code} with the gateway's fee.`,
    ],
  });
}
