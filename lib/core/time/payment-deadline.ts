/**
 * A transaction's expires_at is its payment deadline: from then on it cannot be paid. What counts is when the
 * service decides (starting a payment, a card typed on the sandbox's page, a gateway's success recorded), each
 * under the transaction's row lock, so a success racing the deadline ends one way only.
 */
export const isPastDeadline = (deadline: { expires_at: Date }, now: number = Date.now()) => deadline.expires_at.getTime() <= now;
