import { randomInt } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { decryptTrandata, encryptTrandata } from "@/lib/gateways/knet/trandata-cipher";
import { fromFragments, toFragments } from "@/lib/gateways/knet/transaction-service";

/** The terminal the stand-in plays: what the bank would give the merchant. */
export interface KnetTerminal {
  tranportalId: string;
  password: string;
  resourceKey: string;
}

type Choice = "approve" | "decline" | "cancel";
const RESULTS: Record<Choice, string> = { approve: "CAPTURED", decline: "NOT CAPTURED", cancel: "CANCELED" };

interface StandInPayment {
  paymentid: string;
  trackid: string;
  amt: string;
  udf: string[];
  responseURL: string;
  errorURL: string;
  result: string | null;
  fields: Record<string, string>;
}

/** What the stand-in posted to a merchant's responseURL, for tests to send again. */
export interface SentResult {
  url: string;
  body: string;
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join("");

const withQuery = (url: string, fields: Record<string, string>) => `${url}${url.includes("?") ? "&" : "?"}${new URLSearchParams(fields)}`;

function page(payment: StandInPayment): string {
  const button = (choice: Choice, label: string) => `<button name="choice" value="${choice}">${label}</button>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>KNET stand-in</title></head><body>
<h1>KNET payment (stand-in)</h1><p>Amount: KWD ${payment.amt}</p><p>Track id: ${payment.trackid}</p>
<form method="post" action="/kpg/pay"><input type="hidden" name="paymentid" value="${payment.paymentid}">
${button("approve", "Pay with test card 8888880000000001")} ${button("decline", "Pay with declined test card 8888880000000002")} ${button("cancel", "Cancel")}
</form></body></html>`;
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * KNET's payment page and transaction service as docs/gateways/knet.md describes them, for one terminal:
 * - GET /kpg/PaymentHTTP.htm?param=paymentInit&trandata=…&tranportalId=…&responseURL=…&errorURL=… decrypts the
 *   request with the terminal's resource key (a bad one: the browser goes to errorURL with Error/ErrorText) and
 *   shows a page with test-card choices;
 * - POST /kpg/pay (the page's form) posts the encrypted result to responseURL server-to-server, reads the
 *   merchant's `REDIRECT=<url>` and sends the browser there;
 * - POST /kpg/tranPipe.htm?param=tranInit answers an inquiry (action 8, by track id) from what it recorded; any
 *   other action is refused.
 * `control.down` makes it drop every connection (KNET unreachable); `control.deliver = false` keeps the result to
 * itself (the merchant's server never receives it: the browser goes to errorURL).
 */
export function createKnetStandIn(terminal: KnetTerminal) {
  const payments = new Map<string, StandInPayment>();
  const sent: SentResult[] = [];
  const control = { down: false, deliver: true };

  function paymentInit(url: URL, res: http.ServerResponse) {
    const errorURL = url.searchParams.get("errorURL") ?? "";
    const refuse = (Error: string, ErrorText: string, extra: Record<string, string> = {}) =>
      res.writeHead(302, { location: withQuery(errorURL, { Error, ErrorText, ...extra }) }).end();
    const plain =
      url.searchParams.get("tranportalId") === terminal.tranportalId ? decryptTrandata(terminal.resourceKey, url.searchParams.get("trandata") ?? "") : null;
    if (plain === null) return refuse("SI-001", "Problem occurred while decrypting trandata (stand-in).");
    const f = Object.fromEntries(new URLSearchParams(plain));
    if (f.id !== terminal.tranportalId || f.password !== terminal.password) return refuse("SI-002", "Invalid Tranportal id or password (stand-in).");
    if (f.action !== "1" || f.currencycode !== "414" || !/^\d+\.\d{3}$/.test(f.amt ?? "") || !f.trackid || !f.responseURL || !f.errorURL) {
      return refuse("SI-003", "Invalid payment request (stand-in).", { trackid: f.trackid ?? "" });
    }
    const earlier = [...payments.values()].find((p) => p.trackid === f.trackid);
    if (earlier?.result) return refuse("SI-004", "Duplicate track id (stand-in).", { trackid: f.trackid });
    const payment = earlier ?? {
      paymentid: digits(15),
      trackid: f.trackid,
      amt: f.amt!,
      udf: [1, 2, 3, 4, 5].map((i) => f[`udf${i}`] ?? ""),
      responseURL: f.responseURL,
      errorURL: f.errorURL,
      result: null,
      fields: {},
    };
    payments.set(payment.paymentid, payment);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page(payment));
  }

  async function pay(req: http.IncomingMessage, res: http.ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const payment = payments.get(form.get("paymentid") ?? "");
    const choice = form.get("choice") as Choice | null;
    if (!payment || payment.result || !choice || !(choice in RESULTS)) {
      return res.writeHead(409, { "content-type": "text/plain" }).end("This payment is not open.");
    }
    payment.result = RESULTS[choice];
    const now = new Date();
    payment.fields = {
      paymentid: payment.paymentid,
      result: payment.result,
      auth: choice === "approve" ? digits(6) : "",
      ref: digits(12),
      tranid: digits(15),
      postdate: `${String(now.getUTCMonth() + 1).padStart(2, "0")}${String(now.getUTCDate()).padStart(2, "0")}`,
      trackid: payment.trackid,
      amt: payment.amt,
      ...Object.fromEntries(payment.udf.map((v, i) => [`udf${i + 1}`, v])),
      authRespCode: choice === "approve" ? "00" : choice === "decline" ? "51" : "",
    };
    const plain = Object.entries(payment.fields)
      .map(([k, v]) => `${k}=${v}`)
      .join("&");
    const body = new URLSearchParams({ paymentid: payment.paymentid, trackid: payment.trackid, trandata: encryptTrandata(terminal.resourceKey, plain) }).toString();
    sent.push({ url: payment.responseURL, body });
    let answer = "";
    try {
      if (control.deliver) {
        const response = await fetch(payment.responseURL, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
        answer = await response.text();
      }
    } catch {
      // The merchant did not answer: the browser goes to the error URL, as KNET does.
    }
    const redirect = /^REDIRECT=(\S+)/.exec(answer.trim());
    const location = redirect ? redirect[1]! : withQuery(payment.errorURL, { Error: "SI-005", ErrorText: "The merchant did not answer the result (stand-in).", trackid: payment.trackid });
    res.writeHead(302, { location }).end();
  }

  async function tranPipe(req: http.IncomingMessage, res: http.ServerResponse) {
    const f = fromFragments(await readBody(req));
    const answer = (fields: Record<string, string>) => res.writeHead(200, { "content-type": "text/xml" }).end(toFragments(fields));
    const error = (code: string, text: string) => answer({ error_code_tag: code, error_service_tag: "null", error_text: `!ERROR!-${code}-${text}` });
    if (f.id !== terminal.tranportalId || f.password !== terminal.password) return error("SI-102", "Invalid Tranportal id or password (stand-in).");
    if (f.action !== "8") return error("SI-103", "Action not enabled on this terminal (stand-in).");
    const byPaymentId = f.udf5 === "PaymentID";
    const found = [...payments.values()].find((p) => (byPaymentId ? p.paymentid : p.trackid) === f.transid);
    if (!found?.result) return error("SI-104", "No processed transaction found (stand-in).");
    // The service names the payment id `payid`.
    const { paymentid, ...rest } = found.fields;
    return answer({ ...rest, payid: paymentid! });
  }

  const server = http.createServer((req, res) => {
    if (control.down) return req.socket.destroy();
    const url = new URL(req.url ?? "/", "http://stand-in");
    const route = `${req.method} ${url.pathname}`;
    const done = (work: Promise<unknown> | unknown) =>
      Promise.resolve(work).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
    if (route === "GET /kpg/PaymentHTTP.htm" && url.searchParams.get("param") === "paymentInit") return done(paymentInit(url, res));
    if (route === "POST /kpg/pay") return done(pay(req, res));
    if (route === "POST /kpg/tranPipe.htm") return done(tranPipe(req, res));
    res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
  });

  return {
    server,
    payments,
    sent,
    control,
    async listen(port = 0, host = "127.0.0.1"): Promise<string> {
      await new Promise<void>((resolve) => server.listen(port, host, resolve));
      return `http://${host}:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
