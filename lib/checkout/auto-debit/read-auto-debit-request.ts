import { type FieldErrors, ValidationFailed } from "@/lib/core/errors";
import { textField } from "@/lib/checkout/operations/read-operation-request";

/** The body of `POST /b/pbl/v2/auto-debit/`: the transaction to charge and the saved card's token. */
export function readAutoDebitRequest(fields: Record<string, unknown>): { sessionId: string; token: string } {
  const errors: FieldErrors = {};
  const sessionId = textField(fields.session_id)?.trim();
  const token = textField(fields.token)?.trim();
  if (!sessionId) errors.session_id = ["This field is required."];
  else if (sessionId.length > 40) errors.session_id = ["Ensure this field has no more than 40 characters."];
  if (!token) errors.token = ["This field is required."];
  else if (token.length > 128) errors.token = ["Ensure this field has no more than 128 characters."];
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  return { sessionId: sessionId!, token: token! };
}
