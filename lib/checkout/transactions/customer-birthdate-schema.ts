import { z } from "zod";
import { readCalendarDate } from "@/lib/core/time/calendar-date";

const FORMAT = "Enter the date of birth as YYYY-MM-DD, for example 1990-04-21.";
const EARLIEST = "1900-01-01";

// Today somewhere on Earth: the customer's own date may be a day ahead of UTC (UTC+14 at most).
const latestToday = () => new Date(Date.now() + 14 * 3600_000).toISOString().slice(0, 10);

/** customer_birthdate: a real day, YYYY-MM-DD, from 1900-01-01 to today; kept as written. */
export const customerBirthdateSchema = z.string({ error: FORMAT }).transform((v, ctx) => {
  const date = /^\s*\d{4}-\d{2}-\d{2}\s*$/.test(v) ? readCalendarDate(v) : null;
  if (date === null) {
    ctx.addIssue({ code: "custom", message: FORMAT });
    return z.NEVER;
  }
  if (date < EARLIEST || date > latestToday()) {
    ctx.addIssue({ code: "custom", message: `Enter a date of birth from ${EARLIEST} to today.` });
    return z.NEVER;
  }
  return date;
});
