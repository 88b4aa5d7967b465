import { ValidationFailed } from "@/lib/errors";
import { parseInput } from "@/lib/validation/parse-input";
import { TRANSACTION_FIELDS, type TransactionField, type TransactionFields, transactionFieldsSchema } from "./transaction-fields";

/** The fields a create (and a PUT, which replaces every field) must carry. */
export const REQUIRED_FIELDS: TransactionField[] = ["amount", "currency_code", "pg_codes"];

/**
 * Reads the writable fields of a request body. Unknown keys (such as a session_id in a PATCH body) are ignored.
 * Clients drop falsy values, so null and "" mean "not given"; the returned `cleared` lists them, which an
 * update uses to reset a field to its default.
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
  const fields: TransactionFields = parseInput(transactionFieldsSchema, given);
  const missing = options.require ? REQUIRED_FIELDS.filter((f) => fields[f] === undefined) : cleared.filter((f) => REQUIRED_FIELDS.includes(f));
  if (missing.length > 0) {
    throw new ValidationFailed(Object.fromEntries(missing.map((f) => [f, ["This field is required."]])));
  }
  return { fields, cleared };
}
