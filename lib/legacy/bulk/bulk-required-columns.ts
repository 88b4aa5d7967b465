import { requiredLegacyFields } from "../required-legacy-fields";

/**
 * The columns every line of a bulk file must fill under these settings, as the page lists them before an upload:
 * a payment request's required fields (the same rule the rows are read with), less the initiator, who defaults to
 * the uploader.
 */
export function bulkRequiredColumns(settings: Parameters<typeof requiredLegacyFields>[1]): string[] {
  return requiredLegacyFields("payment_request", settings)
    .map((required) => required.field)
    .filter((field) => field !== "initiator");
}
