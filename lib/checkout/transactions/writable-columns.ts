import type { CheckoutConfig } from "@/db/queries/transactions";
import type { CheckedFields } from "./check-transaction";

/**
 * The transaction's columns for its writable fields, with their defaults: what create inserts and what an
 * update (PATCH or PUT, after merging) writes. The expiration counts from creation. The operation is the first
 * gateway's until the customer (or an auto-debit) picks a gateway: then it is that gateway's.
 */
export function writableColumns(fields: CheckedFields, config: CheckoutConfig, createdAt: Date) {
  const expirationSeconds = fields.expiration_time ?? config.default_expiration_seconds;
  return {
    type: fields.type ?? "e_commerce",
    mode: fields.mode ?? "payment",
    operation: config.gateways.find((g) => g.code === fields.pg_codes[0])!.operation,
    amount: fields.amount,
    currency_code: fields.currency_code,
    pg_codes: fields.pg_codes,
    customer_id: fields.customer_id ?? null,
    customer_first_name: fields.customer_first_name ?? null,
    customer_last_name: fields.customer_last_name ?? null,
    customer_email: fields.customer_email ?? null,
    customer_phone: fields.customer_phone ?? null,
    billing_address: fields.billing_address ?? null,
    shipping_address: fields.shipping_address ?? null,
    customer_phone_2: fields.customer_phone_2 ?? null,
    customer_birthdate: fields.customer_birthdate ?? null,
    order_no: fields.order_no ?? null,
    notifications: {
      email: fields.notifications?.email ?? [],
      sms: fields.notifications?.sms ?? [],
      whatsapp: fields.notifications?.whatsapp ?? [],
    },
    webhook_url: fields.webhook_url ?? null,
    redirect_url: fields.redirect_url ?? null,
    vendor_name: fields.vendor_name ?? null,
    product_type: fields.product_type ?? null,
    expiration_seconds: expirationSeconds,
    expires_at: new Date(createdAt.getTime() + expirationSeconds * 1000),
    language: fields.language ?? "en",
    email_recipients: fields.email_recipients ?? [],
    extra: fields.extra ?? {},
    payment_type: fields.payment_type ?? "one_off",
    agreement: fields.agreement ?? null,
    due_datetime: fields.due_datetime ?? null,
    // No criterion given ({} included) is none at all.
    card_acceptance_criteria:
      fields.card_acceptance_criteria?.min_expiry_time === undefined ? null : { min_expiry_time: fields.card_acceptance_criteria.min_expiry_time },
    include_sdk_setup_preload: fields.include_sdk_setup_preload ?? false,
  };
}
