import { type FieldErrors, ValidationFailed } from "@/lib/core/errors";
import { OPERATIONS, type OperationName } from "@/lib/checkout/lifecycle/verbs";

export interface OperationRequest {
  operation: OperationName;
  target: { session_id: string } | { order_no: string };
  /** As sent (checked against the currency later), or absent. */
  amount: string | null;
  extra: Record<string, unknown>;
}

export const EXACTLY_ONE = "Give exactly one of session_id and order_no.";

/** A field as text: strings as sent, numbers as written; anything else (or empty) counts as absent. */
export function textField(value: unknown): string | undefined {
  if (typeof value === "number") return String(value);
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** The transaction an operation or inquiry names: exactly one of session_id and order_no. */
export function readTarget(fields: Record<string, unknown>, errors: FieldErrors): OperationRequest["target"] | null {
  const sessionId = textField(fields.session_id);
  const orderNo = textField(fields.order_no);
  if ((sessionId === undefined) === (orderNo === undefined)) {
    errors.session_id = [EXACTLY_ONE];
    return null;
  }
  if (sessionId !== undefined && sessionId.length > 40) errors.session_id = ["Ensure this field has no more than 40 characters."];
  if (orderNo !== undefined && orderNo.length > 128) errors.order_no = ["Ensure this field has no more than 128 characters."];
  return sessionId !== undefined ? { session_id: sessionId } : { order_no: orderNo! };
}

/** The body of `POST /b/pbl/v2/operation/`, every field error at once. Unknown keys are ignored, as on create. */
export function readOperationRequest(fields: Record<string, unknown>): OperationRequest {
  const errors: FieldErrors = {};
  const name = typeof fields.operation === "string" ? fields.operation.trim().toLowerCase() : undefined;
  if (name === undefined || name === "") errors.operation = ["This field is required."];
  else if (!(OPERATIONS as readonly string[]).includes(name)) errors.operation = [`"${fields.operation}" is not a valid choice: use one of ${OPERATIONS.join(", ")}.`];
  const target = readTarget(fields, errors);
  const amount = fields.amount === undefined || fields.amount === null || fields.amount === "" ? null : textField(fields.amount);
  if (amount === undefined) errors.amount = ["A valid number is required."];
  const extra = typeof fields.extra === "string" ? parseJson(fields.extra) : (fields.extra ?? {});
  if (typeof extra !== "object" || extra === null || Array.isArray(extra)) errors.extra = ["Expected an object."];
  if (Object.keys(errors).length > 0 || !target) throw new ValidationFailed(errors);
  return { operation: name as OperationName, target, amount: amount ?? null, extra: extra as Record<string, unknown> };
}

/** A form or multipart body carries `extra` as JSON text. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
