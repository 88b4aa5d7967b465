import { type Insertable, sql } from "kysely";
import type { Db } from "../client";
import { columnsSql, SANDBOX_PAYMENT_COLUMNS } from "../columns";
import { compiledOnce } from "../compiled-once";
import type { GatewayOperation, SandboxPayment, SandboxTokensTable } from "../types";

type Nullable<T> = { [K in keyof T]: T[K] | null };

export function insertSandboxToken(db: Db, row: Insertable<SandboxTokensTable>) {
  return db.insertInto("sandbox_tokens").values(row).onConflict((oc) => oc.column("token").doNothing()).execute();
}

export function forgetSandboxToken(db: Db, token: string, gatewayCode: string) {
  return db
    .updateTable("sandbox_tokens")
    .set({ deleted_at: new Date() })
    .where("token", "=", token)
    .where("gateway_code", "=", gatewayCode)
    .where("deleted_at", "is", null)
    .execute();
}

export interface TokenCharge {
  referenceNumber: string;
  gatewayCode: string;
  operation: GatewayOperation;
  token: string;
  customerId: string;
  /** Numeric text. */
  amount: string;
  currencyCode: string;
  /** The gateway's own identifiers for the payment, and its authorization code if approved. */
  paymentid: string;
  tranid: string;
  authCode: string;
}

/**
 * A merchant-initiated charge of a saved card, decided and recorded in one round trip: approved when this gateway
 * setting issued the token to this customer, it is not forgotten, its card approves later charges and has not
 * expired (its MM/YY is this month or later, UTC); declined otherwise. The payment reference is the key: a repeat
 * records nothing and `payment` is undefined (findSandboxPayment reads the first). `cardKnown` says whether the token
 * was found.
 */
export async function recordTokenCharge(db: Db, charge: TokenCharge): Promise<{ payment: SandboxPayment | undefined; cardKnown: boolean }> {
  const c = charge;
  const [row] = await chargeToken(db, c.token, c.gatewayCode, c.customerId, c.referenceNumber, c.amount, c.currencyCode,
    c.operation, c.paymentid, c.tranid, c.authCode);
  const { card_known: cardKnown, ...payment } = row!;
  return { payment: payment.reference_number === null ? undefined : (payment as SandboxPayment), cardKnown };
}

// Its columns are named (no `*` in it) so that it is prepared: db/prepare-repeated.ts.
const chargeToken = compiledOnce(
  (token: string, gatewayCode: string, customerId: string, reference: string, amount: string, currencyCode: string,
    operation: string, paymentid: string, tranid: string, authCode: string) => sql<
    Nullable<SandboxPayment> & { card_known: boolean }
  >`
    WITH card AS (
      SELECT card_brand, card_masked, card_expiry, operation_behaviour,
        charge_behaviour = 'approve' AND make_date(2000 + split_part(card_expiry, '/', 2)::int, split_part(card_expiry, '/', 1)::int, 1)
          >= date_trunc('month', now() AT TIME ZONE 'UTC')::date AS approves
      FROM sandbox_tokens
      WHERE token = ${token} AND gateway_code = ${gatewayCode} AND customer_id = ${customerId} AND deleted_at IS NULL
    ), charged AS (
      INSERT INTO sandbox_payments (reference_number, gateway_code, amount, currency_code, customer_id, operation, paymentid,
        status, merchant_initiated, card_brand, card_masked, card_expiry, operation_behaviour, tranid, auth_code, created_at, settled_at)
      SELECT ${reference}, ${gatewayCode}, ${amount}::numeric, ${currencyCode}, ${customerId}, ${operation}, ${paymentid},
        CASE WHEN card.approves THEN 'approved' ELSE 'declined' END, true, card.card_brand, card.card_masked, card.card_expiry,
        coalesce(card.operation_behaviour, 'accept'), ${tranid}, CASE WHEN card.approves THEN ${authCode} END, now(), now()
      FROM (VALUES (1)) AS one LEFT JOIN card ON true
      ON CONFLICT (reference_number) DO NOTHING
      RETURNING ${columnsSql(SANDBOX_PAYMENT_COLUMNS)}
    )
    SELECT ${columnsSql(SANDBOX_PAYMENT_COLUMNS, "charged")}, EXISTS (SELECT FROM card) AS card_known
    FROM (VALUES (1)) AS one LEFT JOIN charged ON true`,
);
