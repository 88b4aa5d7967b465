import { z } from "zod";
import { parseDuration } from "@/lib/core/time/duration";

/** An absolute http(s) URL of at most `max` characters. */
export const httpUrl = (max = 2000) =>
  z
    .string({ error: "Enter a valid absolute URL starting with http:// or https://." })
    .trim()
    .max(max, `Ensure this URL has at most ${max} characters.`)
    .refine((v) => {
      try {
        return ["http:", "https:"].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, "Enter a valid absolute URL starting with http:// or https://.");

/** A duration in HH:MM:SS or D HH:MM:SS, greater than zero, as seconds. */
export const duration = z.string({ error: "Use HH:MM:SS or D HH:MM:SS, for example 01:00:00." }).transform((v, ctx) => {
  const seconds = parseDuration(v);
  if (seconds === null || seconds <= 0) {
    ctx.addIssue({ code: "custom", message: "Use HH:MM:SS or D HH:MM:SS (minutes and seconds 00–59), greater than zero." });
    return z.NEVER;
  }
  return seconds;
});

/** A non-negative decimal amount written as digits, with at most `places` decimals. */
export const decimalString = (places: number, label: string) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => new RegExp(`^\\d{1,12}(\\.\\d{1,${places}})?$`).test(v), `${label} must be a non-negative number with at most ${places} decimal places.`);
