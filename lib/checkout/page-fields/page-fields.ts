import countries from "i18n-iso-countries";
import type { Address } from "@/db/types";
import type { TransactionRow } from "@/db/queries/transactions";
import type { CaptureMessages } from "@/lib/checkout/i18n/checkout-messages";
import type { PageFieldProblem } from "./page-field-problem";
import { hasUnstorableText } from "@/lib/core/validation/storable-text";

// The hosted page options of a legacy e-commerce transaction (`capture_address`, `capture_delivery`): which fields
// the payment page asks for, and the rules of what the customer types there. Pure: the pay route's verb checks
// with it, and the page checks the same values again to show each field's problem in place.

/** What the page asks for before paying. */
export interface PageOptions {
  captureAddress: boolean;
  captureDelivery: boolean;
}

export interface DeliveryLocation {
  latitude: number;
  longitude: number;
}

/** The form's field names: the address's as stored in billing_address, then the delivery location's. */
export const ADDRESS_FIELDS = ["line1", "line2", "city", "state", "country", "postal_code"] as const;
export const LOCATION_FIELDS = ["latitude", "longitude"] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type LocationField = (typeof LOCATION_FIELDS)[number];
export type PageField = AddressField | LocationField;

/** What was typed, as the form sent it (absent fields are blank). */
export type TypedPageFields = Partial<Record<PageField, string>>;

/** Why a field is refused; the page words it in the transaction's language. */
export type { PageFieldProblem } from "./page-field-problem";

/** The legacy table's limits (city and state 40); lines have none there, the checkout interface's 128 apply. */
export const TEXT_LIMITS = { line1: 128, line2: 128, city: 40, state: 40 } as const;

export interface CheckedPageFields {
  /** The address to store, or null when the page does not ask for one. */
  address: Address | null;
  location: DeliveryLocation | null;
  problems: Partial<Record<PageField, PageFieldProblem>>;
}

const NO_OPTIONS: PageOptions = { captureAddress: false, captureDelivery: false };

/** The page options of a transaction: only a legacy one has any. */
export function pageOptionsOf(txn: Pick<TransactionRow, "interface" | "legacy">): PageOptions {
  if (txn.interface !== "legacy" || !txn.legacy) return NO_OPTIONS;
  return { captureAddress: txn.legacy.capture_address === true, captureDelivery: txn.legacy.capture_delivery === true };
}

export const asksForAnything = (options: PageOptions) => options.captureAddress || options.captureDelivery;

/** The delivery location stored in a legacy transaction, or null. */
export function deliveryLocationOf(legacy: Record<string, unknown> | null): DeliveryLocation | null {
  const location = legacy?.delivery_location as Partial<DeliveryLocation> | undefined;
  return typeof location?.latitude === "number" && typeof location.longitude === "number"
    ? { latitude: location.latitude, longitude: location.longitude }
    : null;
}

// Customers with an Arabic keyboard type Arabic-Indic digits (and the Arabic decimal separator) in number fields.
const ASCII_DIGITS = (value: string) =>
  value.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) & 0xf)).replace(/\u066b/g, ".");

const DECIMAL = /^[+-]?\d{1,3}(\.\d{1,15})?$/;

/** A coordinate within ±max, or null. */
function coordinate(typed: string, max: number): number | null {
  const text = ASCII_DIGITS(typed);
  if (!DECIMAL.test(text)) return null;
  const value = Number(text);
  return Math.abs(value) <= max ? value : null;
}

/** Checks what the customer typed against what the page asks for; fields it does not ask for are ignored. */
export function checkPageFields(options: PageOptions, typed: TypedPageFields): CheckedPageFields {
  const problems: CheckedPageFields["problems"] = {};
  const value = (field: PageField) => (typed[field] ?? "").trim();

  let address: Address | null = null;
  if (options.captureAddress) {
    for (const field of ["line1", "line2", "city", "state"] as const) {
      const text = value(field);
      if (!text && field !== "line2") problems[field] = "required";
      else if (text.length > TEXT_LIMITS[field]) problems[field] = "tooLong";
      else if (hasUnstorableText(text)) problems[field] = "unstorable";
    }
    const country = value("country").toUpperCase();
    if (!country) problems.country = "required";
    else if (!/^[A-Z]{2}$/.test(country) || !countries.isValid(country)) problems.country = "country";
    const postalCode = ASCII_DIGITS(value("postal_code"));
    if (!postalCode) problems.postal_code = "required";
    else if (!/^\d{1,12}$/.test(postalCode)) problems.postal_code = "postalCode";
    const line2 = value("line2");
    address = {
      line1: value("line1"),
      ...(line2 ? { line2 } : {}),
      city: value("city"),
      state: value("state"),
      country,
      postal_code: postalCode,
    };
  }

  let location: DeliveryLocation | null = null;
  if (options.captureDelivery) {
    const latitude = coordinate(value("latitude"), 90);
    const longitude = coordinate(value("longitude"), 180);
    if (latitude === null) problems.latitude = value("latitude") ? "latitude" : "required";
    if (longitude === null) problems.longitude = value("longitude") ? "longitude" : "required";
    if (latitude !== null && longitude !== null) location = { latitude, longitude };
  }

  return { address, location, problems };
}

/** A field's problem in the page's words. */
export const problemMessage = (messages: CaptureMessages, field: PageField, problem: PageFieldProblem) =>
  problem === "tooLong" ? messages.problems.tooLong(TEXT_LIMITS[field as keyof typeof TEXT_LIMITS]) : messages.problems[problem];
