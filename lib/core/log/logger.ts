import pino from "pino";
import { env } from "@/lib/core/env";
import { requestContext } from "./request-context";

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

export const logger = pino({
  level: env.LOG_LEVEL,
  base: { service: "checkout" },
  redact: { paths: redact, censor: "[redacted]" },
  mixin: () => {
    const ctx = requestContext.getStore();
    return ctx ? { reqId: ctx.requestId } : {};
  },
});
