import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll } from "vitest";

/** A request the stand-in received: its path, headers and parsed body (JSON for Resend, form for Twilio). */
export interface ReceivedRequest {
  provider: "resend" | "twilio";
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

type Answer = { status: number; body: unknown } | "drop";
type Responder = (request: ReceivedRequest) => Answer | undefined;

/**
 * Resend and Twilio, as far as sending goes, on 127.0.0.1: POST /emails answers {id}; POST
 * /2010-04-01/Accounts/{sid}/Messages.json answers a Message resource with its sid, and GET on it lists the
 * messages created (newest first, `To` filters); an SMS and a WhatsApp address (`whatsapp:+…`) in one message are
 * refused as Twilio does. Both check the credentials they are given. `respond` overrides
 * an answer ("drop" closes the connection without one); `delayMs` holds every answer back; `loseAnswers`: Twilio
 * creates the message but its answer never arrives (the connection drops). Closed after the file.
 */
export async function startProviderStandIn(credentials: { resendKey: string; twilioSid: string; twilioToken: string }) {
  const requests: ReceivedRequest[] = [];
  const control: { respond?: Responder; delayMs: number; loseAnswers: boolean } = { delayMs: 0, loseAnswers: false };
  const sms: Record<string, unknown>[] = [];

  function defaultAnswer(r: ReceivedRequest): Answer {
    if (r.provider === "resend") {
      if (r.headers.authorization !== `Bearer ${credentials.resendKey}`) {
        return { status: 401, body: { statusCode: 401, name: "validation_error", message: "API key is invalid" } };
      }
      return { status: 200, body: { id: `re-${randomBytes(8).toString("hex")}` } };
    }
    const basic = `Basic ${Buffer.from(`${credentials.twilioSid}:${credentials.twilioToken}`).toString("base64")}`;
    if (r.headers.authorization !== basic || r.path !== `/2010-04-01/Accounts/${credentials.twilioSid}/Messages.json`) {
      return { status: 401, body: { code: 20003, message: "Authenticate", status: 401 } };
    }
    if (r.method === "GET") {
      const to = r.query.To;
      return { status: 200, body: { messages: sms.filter((m) => !to || m.to === to).reverse(), next_page_uri: null, page: 0, page_size: 50 } };
    }
    // Twilio refuses a WhatsApp recipient with an SMS sender and the reverse (a Messaging Service picks its own).
    const whatsapp = (address: unknown) => String(address).startsWith("whatsapp:");
    if (r.body.From !== undefined && whatsapp(r.body.From) !== whatsapp(r.body.To)) {
      return { status: 400, body: { code: 21910, message: "Invalid From and To pair. From and To should be of the same channel", status: 400 } };
    }
    const message = {
      sid: `SM${randomBytes(16).toString("hex")}`,
      account_sid: credentials.twilioSid,
      to: r.body.To,
      from: r.body.From ?? null,
      messaging_service_sid: r.body.MessagingServiceSid ?? null,
      body: r.body.Body,
      status: "queued",
      num_segments: "1",
      direction: "outbound-api",
      api_version: "2010-04-01",
      date_created: new Date().toUTCString(),
      uri: `/2010-04-01/Accounts/${credentials.twilioSid}/Messages/SM.json`,
    };
    sms.push(message);
    return control.loseAnswers ? "drop" : { status: 201, body: message };
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const path = url.pathname;
    const provider = path.startsWith("/2010-04-01/") ? "twilio" : "resend";
    const body =
      provider === "twilio" ? Object.fromEntries(new URLSearchParams(text)) : text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const request: ReceivedRequest = { provider, method: req.method ?? "", path, query: Object.fromEntries(url.searchParams), headers: req.headers, body };
    requests.push(request);
    if (control.delayMs) await new Promise((resolve) => setTimeout(resolve, control.delayMs));
    const answer = control.respond?.(request) ?? defaultAnswer(request);
    if (answer === "drop") {
      req.socket.destroy();
      return;
    }
    if ((req.method !== "POST" && !(provider === "twilio" && req.method === "GET")) || (provider === "resend" && path !== "/emails")) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"message":"not found"}');
      return;
    }
    res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, control, sms };
}

/**
 * Starts the stand-in and points the application's Resend and Twilio settings at it. lib/core/env.ts reads the
 * environment once, on first import: call this before importing the application.
 */
export async function startProvidersForApp(credentials: { resendKey: string; twilioSid: string; twilioToken: string }) {
  const standIn = await startProviderStandIn(credentials);
  Object.assign(process.env, {
    RESEND_API_KEY: credentials.resendKey,
    RESEND_BASE_URL: standIn.url,
    EMAIL_FROM: "Blue Shop <payments@shop.example>",
    TWILIO_ACCOUNT_SID: credentials.twilioSid,
    TWILIO_AUTH_TOKEN: credentials.twilioToken,
    TWILIO_FROM: "+15005550006",
    TWILIO_WHATSAPP_FROM: "whatsapp:+14155238886",
    TWILIO_BASE_URL: standIn.url,
  });
  return standIn;
}
