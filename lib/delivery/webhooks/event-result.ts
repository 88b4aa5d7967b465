/** The result word of an event the merchant is told about by webhook, or null for other events. */
export function eventResult(event: { to_state: string | null; data: Record<string, unknown> }): string | null {
  if (typeof event.data.result === "string") return event.data.result;
  if (event.to_state === "expired") return "expired";
  return null;
}
