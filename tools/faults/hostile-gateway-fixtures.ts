import { promises as fs } from "node:fs";
import path from "node:path";
import type pg from "pg";
import { createKnetStandIn, type SentResult } from "../../test/support/knet-stand-in";
import { type SentNotification, startMpgsStandIn } from "../../test/support/mpgs-stand-in";
import { type SentEvent, startStripeStandIn } from "../../test/support/stripe-stand-in";
import { createTransaction, expectSeeOther } from "../shared/http";
import { runScriptOrThrow } from "../shared/processes";
import { payReturning } from "../shared/payments";
import { FAULT_DATA_DIR, FAULT_URL } from "./fault-app";

// KNET, Stripe and MPGS as the Vitest files and Playwright specs play them (test/support's stand-ins), on ports of
// their own; the app reaches them through KNET_BASE_URL, STRIPE_API_URL and MPGS_BASE_URL.
const KNET_TERMINAL = { tranportalId: "107701", password: "faults-knet-password", resourceKey: "FAULTSKNETRESKEY" } as const;
export const STRIPE_KEYS = { secret_key: "sk_test_faultsStandIn00000001", webhook_signing_secret: "whsec_faultsStandIn00000001" } as const;
export const MPGS_MERCHANT = {
  merchant_id: "TESTFAULTS01",
  api_password: "faultsMpgsApiPassword0001",
  gateway_host: "test-gateway.mastercard.com",
  api_version: "100",
  notification_secret: "faultsMpgsNotificationSecret01",
} as const;

export async function startGatewayStandIns() {
  const knet = createKnetStandIn(KNET_TERMINAL);
  const knetUrl = await knet.listen();
  const stripe = await startStripeStandIn({
    secretKey: STRIPE_KEYS.secret_key,
    webhookSecret: STRIPE_KEYS.webhook_signing_secret,
    webhookUrl: `${FAULT_URL}/b/checkout/gateway/stripe/callback/`,
  });
  const mpgs = await startMpgsStandIn({ merchantId: MPGS_MERCHANT.merchant_id, password: MPGS_MERCHANT.api_password, notificationSecret: MPGS_MERCHANT.notification_secret });
  mpgs.control.notificationUrl = `${FAULT_URL}/b/checkout/gateway/mpgs/callback/`;
  return {
    knet,
    stripe,
    mpgs,
    env: { KNET_BASE_URL: knetUrl, STRIPE_API_URL: stripe.url, MPGS_BASE_URL: mpgs.url },
    close: () => Promise.all([knet.close(), stripe.close(), mpgs.close()]),
  };
}
type StandIns = Awaited<ReturnType<typeof startGatewayStandIns>>;

/** With the admin CLI, before the app starts: USD, a `knet`, a `stripe` and an `mpgs` setting on the stand-ins. */
export async function createGatewayFixtures(env: NodeJS.ProcessEnv): Promise<void> {
  const admin = (...args: string[]) => runScriptOrThrow("server/admin.ts", args, env);
  const file = path.join(FAULT_DATA_DIR, "credentials.json");
  await admin("add-currency", "--code", "USD", "--decimals", "2");
  const knet = { tranportal_id: KNET_TERMINAL.tranportalId, tranportal_password: KNET_TERMINAL.password, resource_key: KNET_TERMINAL.resourceKey };
  await fs.writeFile(file, JSON.stringify(knet));
  await admin("create-gateway", "--code", "knet", "--pg", "knet", "--currencies", "KWD", "--mode", "sandbox", "--credentials-file", file);
  await fs.writeFile(file, JSON.stringify(STRIPE_KEYS));
  await admin("create-gateway", "--code", "stripe", "--pg", "stripe", "--currencies", "USD", "--mode", "sandbox", "--credentials-file", file);
  await fs.writeFile(file, JSON.stringify(MPGS_MERCHANT));
  await admin("create-gateway", "--code", "mpgs", "--pg", "mpgs", "--currencies", "KWD", "--mode", "sandbox", "--credentials-file", file);
  await fs.rm(file);
}

const referenceOf = async (client: pg.Client, sessionId: string) =>
  (await client.query<{ r: string }>("SELECT reference_number AS r FROM payment_attempts WHERE session_id = $1 ORDER BY id DESC LIMIT 1", [sessionId])).rows[0]!.r;

/** One payment per gateway paid through the real flow (with what its gateway sent), one left open at the gateway. */
export interface GatewayPayments {
  sandbox: { secret: string; paid: string; paidReturnUrl: string; open: string };
  knet: { paid: string; paidResponse: SentResult; open: string };
  stripe: { paid: string; paidEvent: SentEvent; paidReturnUrl: string; open: string };
  mpgs: { paid: string; paidNotification: SentNotification; paidReturnUrl: string; open: string; openReturnUrl: string; openCancelUrl: string };
}

export async function makeGatewayPayments(apiKey: string, client: pg.Client, standIns: StandIns): Promise<GatewayPayments> {
  const create = async (pgCode: string, currency = "KWD") =>
    (await createTransaction(FAULT_URL, apiKey, { pg_codes: [pgCode], currency_code: currency, amount: "10" })).session_id;
  const start = (sessionId: string, code: string) => expectSeeOther(`${FAULT_URL}/b/checkout/redirect/pay/`, { session_id: sessionId, code });

  const sandboxPaid = await create("card");
  const paidReturnUrl = await payReturning(FAULT_URL, sandboxPaid);
  const sandboxOpen = await create("card");
  await start(sandboxOpen, "card");
  const secret = (await client.query<{ s: string }>("SELECT config->>'secret' AS s FROM gateway_settings WHERE code = 'card'")).rows[0]!.s;

  const knetPaid = await create("knet");
  const knetPage = await (await fetch(await start(knetPaid, "knet"))).text();
  const paymentid = /name="paymentid" value="(\d+)"/.exec(knetPage)![1]!;
  await expectSeeOtherOrFound(`${standIns.env.KNET_BASE_URL}/kpg/pay`, { paymentid, choice: "approve" });
  const knetOpen = await create("knet");
  await start(knetOpen, "knet");

  const stripePaid = await create("stripe", "USD");
  const stripeReturn = await expectSeeOtherOrFound(await start(stripePaid, "stripe"), { action: "approve" });
  await standIns.stripe.idle();
  await expectSeeOther(stripeReturn);
  const stripeOpen = await create("stripe", "USD");
  await start(stripeOpen, "stripe");

  // MPGS's page is opened by our page leg's checkout.js: the session id is on that page.
  const mpgsPage = async (sessionId: string) => {
    const html = await (await fetch(await start(sessionId, "mpgs"))).text();
    return `${standIns.mpgs.url}/checkout/pay/${/data-session="([^"]+)"/.exec(html)![1]}`;
  };
  const mpgsPaid = await create("mpgs");
  const mpgsReturn = await expectSeeOtherOrFound(await mpgsPage(mpgsPaid), { action: "approve" });
  await standIns.mpgs.idle();
  await expectSeeOther(mpgsReturn);
  const mpgsOpen = await create("mpgs");
  const mpgsOpenSession = standIns.mpgs.sessions.get((await mpgsPage(mpgsOpen)).split("/").pop()!)!;

  return {
    sandbox: { secret, paid: await referenceOf(client, sandboxPaid), paidReturnUrl, open: await referenceOf(client, sandboxOpen) },
    knet: { paid: await referenceOf(client, knetPaid), paidResponse: standIns.knet.sent.at(-1)!, open: await referenceOf(client, knetOpen) },
    stripe: {
      paid: await referenceOf(client, stripePaid),
      paidEvent: standIns.stripe.events.find((e) => e.type === "checkout.session.completed")!,
      paidReturnUrl: stripeReturn,
      open: await referenceOf(client, stripeOpen),
    },
    mpgs: {
      paid: await referenceOf(client, mpgsPaid),
      paidNotification: standIns.mpgs.notifications.find((n) => JSON.parse(n.payload).result === "SUCCESS")!,
      paidReturnUrl: mpgsReturn,
      open: await referenceOf(client, mpgsOpen),
      openReturnUrl: mpgsOpenSession.returnUrl,
      openCancelUrl: mpgsOpenSession.cancelUrl!,
    },
  };
}

/** A stand-in's form POST, answered with a redirect (302 or 303); returns where to. */
async function expectSeeOtherOrFound(url: string, form: Record<string, string>): Promise<string> {
  const res = await fetch(url, { method: "POST", body: new URLSearchParams(form), redirect: "manual" });
  const location = res.headers.get("location");
  if (![302, 303].includes(res.status) || !location) throw new Error(`POST ${url} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return new URL(location, url).toString();
}
