import {
  ADDRESS_FIELDS,
  checkPageFields,
  LOCATION_FIELDS,
  type PageField,
  type PageFieldProblem,
  type PageOptions,
  type TypedPageFields,
} from "@/lib/checkout/page-fields/page-fields";
import type { PaymentPage } from "./load-payment-page";

/** The address and delivery fields of a legacy transaction's payment page, as the form shows them. */
export interface CaptureView {
  options: PageOptions;
  values: Record<PageField, string>;
  /** Each refused field's problem, when the page comes back from a refused payment. */
  problems: Partial<Record<PageField, PageFieldProblem>>;
}

const FIELDS: PageField[] = [...ADDRESS_FIELDS, ...LOCATION_FIELDS];

const valuesOf = (fields: TypedPageFields) => Object.fromEntries(FIELDS.map((f) => [f, fields[f] ?? ""])) as Record<PageField, string>;

/**
 * The fields prefilled with what is stored (the address sent at creation, a location given before), or, back
 * from a refused payment, with what the customer typed and each field's problem, checked again here.
 */
export function captureView(capture: PaymentPage["capture"], typed: TypedPageFields | null): CaptureView | null {
  if (!capture) return null;
  const { options, address, location } = capture;
  if (typed) {
    return {
      options,
      values: valuesOf(typed),
      problems: checkPageFields(options, typed).problems,
    };
  }
  const stored: TypedPageFields = {
    ...address,
    ...(location ? { latitude: String(location.latitude), longitude: String(location.longitude) } : {}),
  };
  return { options, values: valuesOf(stored), problems: {} };
}
