import { sql } from "kysely";
import type { Db } from "../client";

/** Whose transactions: a customer id, or an e-mail in lower case (matched against lower(customer_email)). */
export type CustomerKey = { customerId: string } | { email: string };

const matches = (key: CustomerKey) =>
  "customerId" in key ? sql`t.customer_id = ${key.customerId}` : sql`lower(t.customer_email) = ${key.email}`;

const inScope = (gatewayScope: string[] | null) => (gatewayScope ? sql`AND t.pg_codes <@ ${gatewayScope}::text[]` : sql``);

export interface CustomerTotalRow {
  currency_code: string;
  decimals: number;
  transactions: number;
  paid: string;
  refunded: string;
}

/** Per currency, over the customer's transactions the scope allows (deleted ones too: the money moved): how many, paid, refunded. */
export async function customerTotals(db: Db, key: CustomerKey, gatewayScope: string[] | null): Promise<CustomerTotalRow[]> {
  const { rows } = await sql<CustomerTotalRow>`
    SELECT t.currency_code, (SELECT c.decimals FROM currencies c WHERE c.code = t.currency_code) AS decimals,
      count(*)::int AS transactions, sum(t.paid_amount)::text AS paid, sum(t.refunded_amount)::text AS refunded
    FROM transactions t
    WHERE ${matches(key)} ${inScope(gatewayScope)}
    GROUP BY t.currency_code
    ORDER BY t.currency_code`.execute(db);
  return rows;
}

/** The customer ids given with an e-mail on the transactions the scope allows (a few: one customer, maybe two ids). */
export async function customerIdsOfEmail(db: Db, email: string, gatewayScope: string[] | null): Promise<string[]> {
  const { rows } = await sql<{ customer_id: string }>`
    SELECT DISTINCT t.customer_id FROM transactions t
    WHERE lower(t.customer_email) = ${email} AND t.customer_id IS NOT NULL ${inScope(gatewayScope)}
    ORDER BY t.customer_id LIMIT 20`.execute(db);
  return rows.map((r) => r.customer_id);
}

export interface CustomerCardRow {
  id: string;
  customer_id: string;
  gateway_code: string;
  brand: string;
  /** The last four digits only: the panel never shows more of a card number. */
  last4: string;
  expiry_month: number;
  expiry_year: number;
  created_at: Date;
  last_used_at: Date;
  agreements: { agreement_id: string; type: string; amount: string; currency_code: string; decimals: number; charges: number; last_charge_at: string }[];
}

/** The customers' saved cards (not deleted) of the gateways the scope allows, newest used first, each with its agreements. */
export async function customerCards(db: Db, customerIds: string[], gatewayScope: string[] | null): Promise<CustomerCardRow[]> {
  if (customerIds.length === 0) return [];
  const { rows } = await sql<CustomerCardRow>`
    SELECT s.id::text, s.customer_id, s.gateway_code, s.brand, right(s.masked_number, 4) AS last4, s.expiry_month,
      s.expiry_year, s.created_at, s.last_used_at,
      (SELECT coalesce(json_agg(json_build_object('agreement_id', a.agreement_id, 'type', a.agreement ->> 'type',
          'amount', a.amount::text, 'currency_code', a.currency_code,
          'decimals', (SELECT c.decimals FROM currencies c WHERE c.code = a.currency_code), 'charges', a.charges,
          'last_charge_at', a.last_charge_at) ORDER BY a.created_at), '[]')
        FROM card_agreements a WHERE a.card_id = s.id) AS agreements
    FROM saved_cards s
    WHERE s.customer_id = ANY(${customerIds}::text[]) AND s.deleted_at IS NULL
      ${gatewayScope ? sql`AND s.gateway_code = ANY(${gatewayScope}::text[])` : sql``}
    ORDER BY s.last_used_at DESC, s.id DESC
    LIMIT 100`.execute(db);
  return rows;
}
