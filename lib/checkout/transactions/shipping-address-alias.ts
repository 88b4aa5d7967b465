import type { FieldErrors } from "@/lib/core/errors";
import { addFieldError } from "@/lib/core/validation/parse-input";
import type { TransactionField, TransactionFields } from "./transaction-fields";

const without = (list: TransactionField[], field: TransactionField) => list.filter((f) => f !== field);

/**
 * shopping_address is ottu-py's spelling of shipping_address (its Session reads shipping_address back): read as
 * that field, so `fields` and `cleared` name only shipping_address afterwards. An address in either wins over a
 * null in the other (clients send null for "not given"); two different addresses are a field error on
 * shopping_address, since which one was meant is not ours to guess. Errors of the alias's own rules stay under
 * the name the client sent.
 */
export function foldShoppingAddress(fields: TransactionFields, cleared: TransactionField[], errors: FieldErrors) {
  const alias = fields.shopping_address;
  delete fields.shopping_address;
  if (alias !== undefined) {
    if (fields.shipping_address === undefined) fields.shipping_address = alias;
    else if (JSON.stringify(fields.shipping_address) !== JSON.stringify(alias)) {
      addFieldError(errors, ["shopping_address"], "shopping_address is another name for shipping_address: send one of them, or the same address in both.");
    }
  }
  let folded = without(cleared, "shopping_address");
  const aliasCleared = folded.length < cleared.length;
  if (fields.shipping_address !== undefined) folded = without(folded, "shipping_address");
  else if (aliasCleared && !folded.includes("shipping_address") && !("shipping_address" in errors)) folded.push("shipping_address");
  return folded;
}
