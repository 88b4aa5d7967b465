import type { CaptureView } from "@/lib/checkout/checkout-page/capture-view";
import { type CaptureMessages, checkoutMessages } from "@/lib/checkout/i18n/checkout-messages";
import type { Language } from "@/lib/checkout/i18n/format-money";
import { type PageField, problemMessage } from "@/lib/checkout/page-fields/page-fields";
import { AddressFields } from "./address-fields";
import { type ErrorOf, fieldId } from "./capture-field-ids";
import { DeliveryFields } from "./delivery-fields";
import { linkClass } from "./styles";

/** Each field's label, for the error summary. */
const labelOf = (t: CaptureMessages, field: PageField) =>
  ({ line1: t.line1, line2: t.line2, city: t.city, state: t.state, country: t.country, postal_code: t.postalCode, latitude: t.latitude, longitude: t.longitude })[field];

/**
 * What a legacy transaction's page asks for before paying, inside the payment form: the customer's address
 * (capture_address) and the delivery location (capture_delivery). Back from a refused payment: a summary first,
 * linking to each refused field, which shows its own message.
 */
export function CaptureFields({ language, capture }: { language: Language; capture: CaptureView }) {
  const t = checkoutMessages(language).capture;
  const errorOf: ErrorOf = (field) => {
    const problem = capture.problems[field];
    return problem ? problemMessage(t, field, problem) : undefined;
  };
  const refused = Object.keys(capture.problems) as PageField[];
  return (
    <>
      {refused.length > 0 ? (
        <div role="alert" className="mb-6 rounded-lg border-2 border-red-700 bg-red-50 p-3 text-red-900" data-testid="capture-errors">
          <p className="font-medium">{t.errorSummary}</p>
          <ul className="mt-2 list-disc space-y-1 ps-6">
            {refused.map((field) => (
              <li key={field}>
                <a className={linkClass} href={`#${fieldId(field)}`}>
                  {labelOf(t, field)}: {errorOf(field)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {capture.options.captureAddress ? <AddressFields language={language} values={capture.values} errorOf={errorOf} /> : null}
      {capture.options.captureDelivery ? <DeliveryFields language={language} values={capture.values} errorOf={errorOf} /> : null}
    </>
  );
}
