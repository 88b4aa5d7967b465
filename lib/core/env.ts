import { z } from "zod";

// The only reader of process.env: every setting is parsed and checked here, once.
const flag = (fallback: boolean) =>
  z
    .enum(["on", "off", "true", "false", "1", "0", "yes", "no"])
    .optional()
    .transform((v) => (v === undefined ? fallback : ["on", "true", "1", "yes"].includes(v)));
/** The hostnames (as URL.hostname gives them) of an APP_URL on this machine only: a local trial or development. */
export const LOCAL_HOSTNAMES = ["localhost", "127.0.0.1", "[::1]"];
// A 256-bit key in base64; the message never repeats the value.
const aesKey = z
  .string()
  .refine((v) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(v) && Buffer.from(v, "base64").length === 32, "must be 32 random bytes in base64 (openssl rand -base64 32)");

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    APP_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATABASE_URL: z.string().startsWith("postgres").optional(),
    DATA_DIR: z.string().min(1).default(".data"),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
    // auto: demo data only on a trial (embedded database, a localhost APP_URL); on/off: always/never (lib/panel/demo/demo-data-decision.ts).
    DEMO_DATA: z
      .enum(["auto", "on", "off", "true", "false", "1", "0", "yes", "no"])
      .default("auto")
      .transform((v) => (v === "auto" ? v : ["on", "true", "1", "yes"].includes(v) ? "on" : "off")),
    ALLOW_PRIVATE_URLS: flag(false),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // Unset: JSON lines in production and under tests, one readable line per entry in a terminal and in development.
    LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
    NEXTAUTH_SECRET: z.string().min(32).optional(),
    // An admin session ends after this long without a request, and after ADMIN_SESSION_HOURS whatever happens.
    ADMIN_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
    ADMIN_SESSION_HOURS: z.coerce.number().int().min(1).max(168).default(12),
    // The time zone every panel screen writes its times in, and says so (the server cannot know a browser's without scripts).
    ADMIN_TIME_ZONE: z
      .string()
      .default("UTC")
      .refine((v) => Intl.supportedValuesOf("timeZone").includes(v) || v === "UTC", "must be an IANA time zone name, such as UTC or Asia/Kuwait"),
    CREDENTIALS_KEY: aesKey.optional(),
    CREDENTIALS_KEY_PREVIOUS: aesKey.optional(),
    TRUST_PROXY: flag(false),
    // A client gets this long to send its whole request (headers: at most 10 s of it); then a 408 and the connection closes.
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(3600).default(30),
    // An idle keep-alive connection is closed after this long: longer than the clients and proxies that keep theirs
    // (a load balancer's 60 s), so that they close first and never send a request on one the server is closing.
    KEEP_ALIVE_SECONDS: z.coerce.number().int().min(1).max(3600).default(65),
    CONFIG_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    // Each connection prepares the statements it repeats (db/prepare-repeated.ts); off behind a pooler that cannot.
    PREPARED_STATEMENTS: flag(true),
    BASIC_AUTH_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(300),
    // scrypt's cost for new password hashes, as log2(N): each step doubles the time and memory of a sign-in.
    PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(15),
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
    LOGIN_BLOCK_SECONDS: z.coerce.number().int().min(1).default(900),
    SANDBOX_LATE_CALLBACK_SECONDS: z.coerce.number().int().min(0).default(20),
    // How long one call to Stripe or MPGS waits for an answer; a payment start that times out fails over.
    GATEWAY_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(120).default(15),
    // Tests only: KNET's hosts replaced by a local stand-in (test/support/knet-stand-in.ts).
    KNET_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    // Tests only: every MPGS setting's gateway host replaced by a local stand-in (test/support/mpgs-stand-in.ts).
    MPGS_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    JOB_ENGINE: z.enum(["embedded", "inngest"]).default("embedded"),
    WORKER: flag(true),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(10),
    WEBHOOK_TARGET_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(3),
    WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(120).default(15),
    WEBHOOK_RETRY_SCHEDULE: z
      .string()
      .regex(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/, "comma-separated seconds, e.g. 10,60,300")
      .default("10,60,300,1800,7200,21600,86400")
      .transform((v) => v.split(",").map(Number)),
    MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    JOB_LOCK_STALE_SECONDS: z.coerce.number().int().min(1).default(120),
    INNGEST_EVENT_KEY: z.string().optional(),
    INNGEST_SIGNING_KEY: z.string().optional(),
    INNGEST_BASE_URL: z.url().optional(),
    INNGEST_DEV: flag(false),
    RESEND_API_KEY: z.string().optional(),
    RESEND_BASE_URL: z.url().optional(),
    EMAIL_FROM: z.string().default("Checkout <payments@example.com>"),
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_FROM: z.string().optional(),
    // A WhatsApp-enabled sender: its number (+1…, "whatsapp:" optional) or a Messaging Service SID holding it.
    TWILIO_WHATSAPP_FROM: z
      .string()
      .trim()
      .regex(/^((whatsapp:)?\+\d{6,15}|MG[0-9a-fA-F]{32})$/, "a WhatsApp sender number (+14155238886, whatsapp: optional) or a Messaging Service SID (MG…)")
      .optional(),
    TWILIO_BASE_URL: z.url().optional(),
    // Unset: no metrics at all (nothing recorded, /metrics is an unknown path). Set: /metrics answers Bearer $METRICS_TOKEN.
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters (openssl rand -hex 16)").optional(),
    // A process without a web server (the launcher's job engine, npm run worker) serves its /metrics here, on 127.0.0.1.
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    // Unset: no tracing (the OpenTelemetry SDK is not even loaded). Set: spans go to this OTLP/HTTP collector.
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    OTEL_SERVICE_NAME: z.string().min(1).default("checkout"),
    // The OTLP/HTTP encoding: protobuf (OpenTelemetry's default, the cheaper to write) or JSON.
    OTEL_EXPORTER_OTLP_PROTOCOL: z.enum(["http/protobuf", "http/json"]).default("http/protobuf"),
    // Stripe's API address; only tests and local trials set it (to a stand-in), Stripe's own otherwise.
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  })
  .transform((e) => ({ ...e, APP_URL: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "") }))
  .superRefine((e, ctx) => {
    const host = new URL(e.APP_URL).hostname;
    const local = LOCAL_HOSTNAMES.includes(host);
    if (e.NODE_ENV === "production" && !local && !e.APP_URL.startsWith("https://")) {
      ctx.addIssue({ code: "custom", path: ["APP_URL"], message: "must be an https URL in production" });
    }
  });

export type Env = z.infer<typeof schema>;

/** Parses an environment (process.env below; tests give their own). */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings count as unset, so `FOO=` in a shell or .env file falls back to the default.
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

export const env: Env = parseEnv(process.env);
