import type { CustomerCard } from "@/db/queries/saved-cards";
import { lastFour } from "@/lib/checkout/transactions/represent-transaction";
import type { Card } from "./card-schemas";

const DAY_MS = 24 * 60 * 60 * 1000;
const SOON_MS = 30 * DAY_MS;

const twoDigits = (n: number) => String(n % 100).padStart(2, "0");

/** The first instant after the card's expiry month (UTC); the year is stored as YY or YYYY. */
function expiresAt(card: Pick<CustomerCard, "expiry_month" | "expiry_year">): number {
  const year = card.expiry_year < 100 ? 2000 + card.expiry_year : card.expiry_year;
  return Date.UTC(year, card.expiry_month, 1);
}

/** One saved card as the card endpoints answer with it: masked to the last four digits, expiry as two-digit text. */
export function representCard(card: CustomerCard, options: { preferred: boolean; now: Date }): Card {
  const left = expiresAt(card) - options.now.getTime();
  const last4 = lastFour(card.masked_number);
  return {
    customer_id: card.customer_id,
    brand: card.brand,
    name_on_card: card.name_on_card,
    number: last4 ? `**** ${last4}` : "****",
    expiry_month: twoDigits(card.expiry_month),
    expiry_year: twoDigits(card.expiry_year),
    token: card.token,
    pg_code: card.gateway_code,
    is_preferred: options.preferred,
    is_expired: left <= 0,
    will_expire_soon: left > 0 && left <= SOON_MS,
    // The hosted page always asks for the CVV of a saved card: the customer proves they hold it.
    cvv_required: true,
    agreements: card.agreements,
  };
}

/** Cards newest saved or used first (as listed); the first is the customer's preferred one. */
export const representCards = (cards: CustomerCard[], now = new Date()): Card[] =>
  cards.map((card, i) => representCard(card, { preferred: i === 0, now }));
