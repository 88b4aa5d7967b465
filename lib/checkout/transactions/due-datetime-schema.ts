import { z } from "zod";
import { calendarDate } from "@/lib/core/time/calendar-date";

const MESSAGE = "Enter a date and time as DD/MM/YYYY HH:MM:SS or ISO 8601 (2026-07-01T12:00:00Z); without an offset it is UTC.";

// DD/MM/YYYY HH:MM[:SS], days first, as the interface's clients send it.
const DAYS_FIRST = /^(\d{2})\/(\d{2})\/(\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
// ISO 8601 date and time, a T or a space between them, optional fraction and offset.
const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** The moment a due date names, or null when it is not a real date and time in one of the two forms. */
export function readDueDatetime(text: string): Date | null {
  const trimmed = text.trim();
  const daysFirst = DAYS_FIRST.exec(trimmed);
  const iso = daysFirst ? null : ISO.exec(trimmed);
  const parts = daysFirst
    ? { y: daysFirst[3]!, mo: daysFirst[2]!, d: daysFirst[1]!, h: daysFirst[4]!, mi: daysFirst[5]!, s: daysFirst[6], fraction: undefined, zone: undefined }
    : iso
      ? { y: iso[1]!, mo: iso[2]!, d: iso[3]!, h: iso[4]!, mi: iso[5]!, s: iso[6], fraction: iso[7], zone: iso[8] }
      : null;
  if (!parts) return null;
  const date = calendarDate(parts.y, parts.mo, parts.d);
  if (!date || Number(parts.h) > 23 || Number(parts.mi) > 59 || Number(parts.s ?? 0) > 59) return null;
  const zone = !parts.zone || parts.zone.toUpperCase() === "Z" ? "Z" : parts.zone.replace(/^([+-]\d{2}):?(\d{2})$/, "$1:$2");
  const millis = (parts.fraction ?? "").padEnd(3, "0").slice(0, 3);
  const moment = new Date(`${date}T${parts.h}:${parts.mi}:${parts.s ?? "00"}.${millis}${zone}`);
  return Number.isNaN(moment.getTime()) ? null : moment;
}

/**
 * due_datetime: when the merchant wants the payment, shown to the customer on the payment page and in the e-mails
 * that carry the link. Display only: the deadline is expires_at. A past date is accepted (an overdue invoice).
 */
export const dueDatetimeSchema = z.string({ error: MESSAGE }).transform((v, ctx) => {
  const moment = readDueDatetime(v);
  if (!moment) {
    ctx.addIssue({ code: "custom", message: MESSAGE });
    return z.NEVER;
  }
  return moment;
});
