/**
 * The customer pages' session id, copied by proxy.ts from the address's `?session_id=` into this request header:
 * their root layout sets <html lang dir> from the transaction, and a layout sees neither the query nor the page's
 * props. The proxy always sets or removes it, so a client cannot send its own.
 */
export const SESSION_HEADER = "x-checkout-session-id";

/**
 * Set by proxy.ts on a result page it let through: it has waited for the result's first webhook answer already and
 * found no way back to the merchant yet, so the page does not wait again. Always set or removed by the proxy.
 */
export const WEBHOOK_WAITED_HEADER = "x-checkout-webhook-waited";
