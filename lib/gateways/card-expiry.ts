// A card is valid to the end of its expiry month (UTC). The merchant's card_acceptance_criteria.min_expiry_time
// asks that it still be valid that many days after the payment: so its expiry month may not be earlier than the
// month that day falls in. Shared by the sandbox's card page and the checkout's auto-debit.

export interface CardExpiry {
  month: number;
  /** Four digits. */
  year: number;
}

/** The earliest expiry month a card may have to be valid `minDays` days after `now`. */
export function earliestAcceptedExpiry(minDays: number, now: Date): CardExpiry {
  const day = new Date(now.getTime() + minDays * 86_400_000);
  return { month: day.getUTCMonth() + 1, year: day.getUTCFullYear() };
}

/** Whether the card stops being valid before `minDays` days from `now` (0: whether it has expired). */
export function expiresTooSoon(card: CardExpiry, minDays: number, now: Date): boolean {
  const earliest = earliestAcceptedExpiry(minDays, now);
  return card.year < earliest.year || (card.year === earliest.year && card.month < earliest.month);
}

/** "08/2026". */
export const formatExpiry = (expiry: CardExpiry) => `${String(expiry.month).padStart(2, "0")}/${expiry.year}`;

/** An expiry typed as MM/YY (the card page's form), as month and four-digit year. */
export function readExpiry(mmYy: string): CardExpiry {
  const [month, year] = mmYy.split("/").map((s) => Number(s.trim()));
  return { month: month!, year: 2000 + year! };
}
