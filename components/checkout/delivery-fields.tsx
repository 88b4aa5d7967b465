import { checkoutMessages } from "@/lib/checkout/i18n/checkout-messages";
import type { Language } from "@/lib/checkout/i18n/format-money";
import type { LocationField, PageField } from "@/lib/checkout/page-fields/page-fields";
import { type ErrorOf, fieldId } from "./capture-field-ids";
import { DeliveryMap } from "./delivery-map";
import { FormField } from "./form-field";
import { inputClass } from "./styles";

/**
 * The delivery location (capture_delivery): latitude and longitude fields, which work alone (no scripts, or no
 * map tiles), and above them, once scripts run, a map that fills them where the customer clicks.
 */
export function DeliveryFields({ language, values, errorOf }: { language: Language; values: Record<PageField, string>; errorOf: ErrorOf }) {
  const t = checkoutMessages(language).capture;
  const coordinate = (field: LocationField, label: string) => (
    <FormField id={fieldId(field)} label={label} error={errorOf(field)}>
      {(aria) => (
        // Text, not type=number: the browser would drop what it cannot parse instead of letting us say why.
        // Left-to-right on an Arabic page too, so that a minus sign stays in front.
        <input
          id={fieldId(field)}
          name={field}
          type="text"
          dir="ltr"
          inputMode="decimal"
          defaultValue={values[field]}
          maxLength={32}
          autoComplete="off"
          required
          className={inputClass}
          {...aria}
        />
      )}
    </FormField>
  );
  return (
    <fieldset className="mt-6" aria-describedby="delivery-hint">
      <legend className="text-base font-semibold">{t.deliveryLegend}</legend>
      <p id="delivery-hint" className="mt-1 text-sm text-slate-700">
        {t.deliveryHint}
      </p>
      <DeliveryMap
        latitudeId={fieldId("latitude")}
        longitudeId={fieldId("longitude")}
        messages={{ label: t.mapLabel, hint: t.mapHint, unavailable: t.mapUnavailable }}
      />
      <div className="mt-3 grid grid-cols-2 gap-4">
        {coordinate("latitude", t.latitude)}
        {coordinate("longitude", t.longitude)}
      </div>
    </fieldset>
  );
}
