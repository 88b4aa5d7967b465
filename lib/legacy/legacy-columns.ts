import type { Address } from "@/db/types";
import type { NotificationEvent } from "@/lib/delivery/notifications/notification-event-for";
import type { CheckedFields } from "@/lib/checkout/transactions/check-transaction";
import { FLAGS, type LegacyFields, type LegacyVariant } from "./legacy-fields";
import type { LegacySettings } from "./legacy-settings";

// A checked legacy request as the transaction it becomes (docs/legacy/create.md): the checkout's fields,
// which the shared row builder turns into columns, and the legacy-only parts.

const ADDRESS_FIELDS = {
  line1: "customer_address_line1",
  line2: "customer_address_line2",
  city: "customer_address_city",
  state: "customer_address_state",
  country: "customer_address_country",
  postal_code: "customer_address_postal_code",
} as const;

/** The flat customer_address_* fields, each missing one from the admin's default address; null when neither has any. */
export function legacyAddress(fields: LegacyFields, defaults: Address | null): Partial<Address> | null {
  const address: Partial<Address> = { ...defaults };
  for (const [part, field] of Object.entries(ADDRESS_FIELDS) as [keyof Address, keyof LegacyFields][]) {
    const value = fields[field];
    if (typeof value === "string") address[part] = value;
  }
  return Object.keys(address).length > 0 ? address : null;
}

const LINK: NotificationEvent[] = ["created"];
/** The results a legacy merchant's customer hears of; a payment in error counts as failed (notification-event-for.ts). */
const RESULTS: NotificationEvent[] = ["paid", "authorized", "failed", "canceled"];

/** The four flags as the checkout's notification lists. */
export function legacyNotifications(fields: LegacyFields) {
  return {
    email: [...(fields.email_notification ? LINK : []), ...(fields.email_payment_details ? RESULTS : [])],
    sms: [...(fields.sms_notification ? LINK : []), ...(fields.sms_payment_details ? RESULTS : [])],
  };
}

/** The request as the checkout interface's fields; the URLs fall back to the admin's defaults (a payment request may have none). */
export function checkoutFieldsOf(fields: LegacyFields, variant: LegacyVariant, pgCodes: string[], settings: LegacySettings): CheckedFields {
  return {
    type: variant,
    amount: fields.amount!,
    currency_code: fields.currency_code!,
    pg_codes: pgCodes,
    customer_first_name: fields.customer_first_name,
    customer_last_name: fields.customer_last_name,
    customer_email: fields.customer_email,
    customer_phone: fields.customer_phone,
    // Partial when neither the request nor the default address has every part: legacy requests may send any of them.
    billing_address: (legacyAddress(fields, settings.default_address) ?? undefined) as Address | undefined,
    order_no: fields.order_no,
    notifications: legacyNotifications(fields),
    redirect_url: fields.redirect_url ?? settings.default_redirect_url ?? undefined,
    vendor_name: fields.vendor_name,
    product_type: fields.product_type,
    language: fields.language,
    email_recipients: fields.email_recipients,
    extra: fields.extra,
  };
}

/** The `legacy` column: the variant and what only the legacy interface has. */
export function legacyRecord(fields: LegacyFields, variant: LegacyVariant, bulk: { id: string; line: number } | undefined): Record<string, unknown> {
  return {
    variant,
    ...(fields.full_name !== undefined && { full_name: fields.full_name }),
    ...(fields.initiator !== undefined && { initiator: fields.initiator }),
    // The page options are e-commerce's; off unless asked for.
    ...(variant === "e_commerce" && { capture_address: fields.capture_address ?? false, capture_delivery: fields.capture_delivery ?? false }),
    flags: Object.fromEntries(FLAGS.map((flag) => [flag, fields[flag] ?? false])),
    // One transaction per line of a bulk upload: a unique index holds (bulk_id, bulk_line) (migration 0018).
    ...(bulk && { bulk_id: bulk.id, bulk_line: bulk.line }),
  };
}
