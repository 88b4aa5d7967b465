import { checkoutMessages } from "@/lib/checkout/i18n/checkout-messages";
import { countryChoices } from "@/lib/checkout/i18n/country-names";
import type { Language } from "@/lib/checkout/i18n/format-money";
import { type PageField, TEXT_LIMITS } from "@/lib/checkout/page-fields/page-fields";
import { type ErrorOf, fieldId } from "./capture-field-ids";
import { FormField } from "./form-field";
import { inputClass } from "./styles";

/** The customer's address (capture_address): every field required but line 2; prefilled with the stored one. */
export function AddressFields({ language, values, errorOf }: { language: Language; values: Record<PageField, string>; errorOf: ErrorOf }) {
  const t = checkoutMessages(language).capture;
  // Addresses are often written in Latin letters on an Arabic page: each field takes the direction of its text.
  const text = (field: keyof typeof TEXT_LIMITS, label: string, autoComplete: string, className?: string) => (
    <FormField id={fieldId(field)} label={label} error={errorOf(field)} className={className}>
      {(aria) => (
        <input
          id={fieldId(field)}
          name={field}
          type="text"
          dir="auto"
          defaultValue={values[field]}
          maxLength={TEXT_LIMITS[field]}
          autoComplete={autoComplete}
          required={field !== "line2"}
          className={inputClass}
          {...aria}
        />
      )}
    </FormField>
  );
  const country = values.country.toUpperCase();
  return (
    <fieldset>
      <legend className="text-base font-semibold">{t.addressLegend}</legend>
      <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">
        {text("line1", t.line1, "address-line1", "sm:col-span-2")}
        {text("line2", t.line2, "address-line2", "sm:col-span-2")}
        {text("city", t.city, "address-level2")}
        {text("state", t.state, "address-level1")}
        <FormField id={fieldId("country")} label={t.country} error={errorOf("country")}>
          {(aria) => (
            <select id={fieldId("country")} name="country" defaultValue={country} autoComplete="country" required className={inputClass} {...aria}>
              <option value="">{t.chooseCountry}</option>
              {countryChoices(language).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id={fieldId("postal_code")} label={t.postalCode} error={errorOf("postal_code")}>
          {(aria) => (
            <input
              id={fieldId("postal_code")}
              name="postal_code"
              type="text"
              inputMode="numeric"
              defaultValue={values.postal_code}
              maxLength={12}
              autoComplete="postal-code"
              required
              className={inputClass}
              {...aria}
            />
          )}
        </FormField>
      </div>
    </fieldset>
  );
}
