import pino from "pino";
import pretty from "pino-pretty";
import { env } from "@/lib/core/env";
import { requestScope } from "@/lib/core/request-scope";

// Secrets never reach the log: these paths are replaced wherever they appear in a logged object.
const redact = [
  "password",
  "*.password",
  "authorization",
  "*.authorization",
  "headers.authorization",
  "*.headers.authorization",
  "headers.cookie",
  "*.headers.cookie",
  "key",
  "*.key",
  "apiKey",
  "*.apiKey",
  "secret",
  "*.secret",
  "token",
  "*.token",
  "webhook_hmac_key",
  "*.webhook_hmac_key",
  "credentials",
  "*.credentials",
  "card_number",
  "*.card_number",
  "cvv",
  "*.cvv",
];

/** JSON for a log collector; one readable line for a person (a terminal, `npm run dev`). LOG_FORMAT decides when set. */
export const logFormat: "json" | "pretty" = env.LOG_FORMAT ?? (process.stdout.isTTY || env.NODE_ENV === "development" ? "pretty" : "json");

// Formatted in this thread and written synchronously (no transport worker): the last line before process.exit()
// is never lost. Redaction happens before formatting, so it holds in both formats.
const readable = () =>
  pretty({
    sync: true,
    singleLine: true,
    colorize: Boolean(process.stdout.isTTY),
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname,service",
  });

export const logger = pino(
  {
    level: env.LOG_LEVEL,
    base: { service: "checkout" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: redact, censor: "[redacted]" },
    mixin: () => {
      const requestId = requestScope()?.requestId;
      return requestId ? { reqId: requestId } : {};
    },
  },
  logFormat === "pretty" ? readable() : pino.destination({ sync: true }),
);
