import { type FieldErrors, ValidationFailed } from "@/lib/core/errors";
import { type OperationRequest, readTarget } from "@/lib/checkout/operations/read-operation-request";
import { type Channel, CHANNELS } from "./channels";

export interface ResendRequest {
  target: OperationRequest["target"];
  /** Each channel once, in the order of CHANNELS. */
  channels: Channel[];
}

const CHOICES = `use ${CHANNELS.slice(0, -1).join(", ")} or ${CHANNELS.at(-1)}`;

/**
 * The body of `POST /b/pbl/v2/message-notification/`, every field error at once. `channels` is a list, or one
 * comma-separated string (a form field), in any letter case; repeats count once.
 */
export function readResendRequest(fields: Record<string, unknown>): ResendRequest {
  const errors: FieldErrors = {};
  const target = readTarget(fields, errors);
  const channels = readChannels(fields.channels, errors);
  if (Object.keys(errors).length > 0 || !target || !channels) throw new ValidationFailed(errors);
  return { target, channels };
}

function readChannels(value: unknown, errors: FieldErrors): Channel[] | null {
  if (value === undefined || value === null || value === "") {
    errors.channels = ["This field is required."];
    return null;
  }
  const items = Array.isArray(value) ? value : [value];
  if (!items.every((item) => typeof item === "string")) {
    errors.channels = [`Expected a list of channels: ${CHOICES}.`];
    return null;
  }
  const names = items.flatMap((item) => item.split(",")).map((name) => name.trim().toLowerCase()).filter(Boolean);
  const unknown = names.filter((name) => !(CHANNELS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    errors.channels = unknown.map((name) => `"${name}" is not a valid choice: ${CHOICES}.`);
    return null;
  }
  if (names.length === 0) {
    errors.channels = [`Give at least one channel: ${CHOICES}.`];
    return null;
  }
  return CHANNELS.filter((channel) => names.includes(channel));
}
