import type { FieldErrors } from "@/lib/core/errors";
import { parsePartially } from "@/lib/core/validation/parse-input";
import { foldShoppingAddress } from "./shipping-address-alias";
import { TRANSACTION_FIELDS, type TransactionField, type TransactionFields, transactionFieldsSchema } from "./transaction-fields";

/** The fields a create (and a PUT, which replaces every field) must carry. */
export const REQUIRED_FIELDS: TransactionField[] = ["amount", "currency_code", "pg_codes"];

/**
 * Reads the writable fields of a request body. Unknown keys (such as a session_id in a PATCH body) are ignored.
 * Clients drop falsy values, so null and "" mean "not given"; the returned `cleared` lists them, which an
 * update uses to reset a field to its default. Field errors are returned, not thrown, with the fields that did
 * pass, so that the checks against the configuration can add theirs to the same answer.
 */
export function readFields(body: Record<string, unknown>, options: { require: boolean }) {
  const given: Record<string, unknown> = {};
  const cleared: TransactionField[] = [];
  for (const field of TRANSACTION_FIELDS) {
    if (!(field in body)) continue;
    const value = body[field];
    if (value === null || value === "") cleared.push(field);
    else given[field] = value;
  }
  const { data, errors } = parsePartially(transactionFieldsSchema, given);
  const fields = data as TransactionFields;
  const folded = foldShoppingAddress(fields, cleared, errors as FieldErrors);
  const missing = options.require ? REQUIRED_FIELDS.filter((f) => !(f in given)) : cleared.filter((f) => REQUIRED_FIELDS.includes(f));
  for (const field of missing) errors[field] = ["This field is required."];
  return { fields, cleared: folded, errors: errors as FieldErrors };
}
