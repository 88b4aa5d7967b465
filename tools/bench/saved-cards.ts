// A customer's saved cards (POST /b/pbl/v2/card/) and auto-debits of one of them (POST /b/pbl/v2/auto-debit/)
// against the baseline's and the framework floor's SELECT and INSERT, and their SQL round trips, the sandbox
// gateway's own statements counted apart. The cards are saved by paying auto_debit transactions through the
// sandbox, which always saves the card of such a payment (sandbox_payments.must_save).
import type { ChildProcess } from "node:child_process";
import { apiHeaders, COUNTED_REQUESTS, measureInRounds, measureInTurn, onIdleApp, roundSeconds, startFloors, WARM_UP_SECONDS, warmUp } from "./api";
import { APP_URL } from "./app";
import { withClient } from "../shared/database";
import { createTransaction, send } from "../shared/http";
import { CONNECTIONS, type Figures, measure, type Target } from "./load";
import { countStatements, type StatementCount } from "./round-trips";
import { inPool } from "../shared/stats";
import { pay } from "../shared/payments";

export const CARD_CUSTOMER = "bench-customer";
/** The agreement auto-debited; the customer's other cards are saved under the others. */
export const CHARGED_AGREEMENT = "bench-sub";
const AGREEMENTS = [CHARGED_AGREEMENT, "bench-sub-2", "bench-sub-3"];
export const SAVED_CARDS = AGREEMENTS.length;
/** Each first payment's and each auto-debit's amount (createTransaction's default). */
export const CHARGE_AMOUNT = "10.500";
/** Created auto_debit transactions the warm-up charges; the measured load gets a fresh pool sized by its rate. */
export const WARM_UP_POOL = 600;
/** The measured pool: this many times the warm-up's req/s × the load's seconds (+ one per connection). */
export const POOL_MARGIN = 3;
const CREATE_CONCURRENCY = 20;

export type CardMeasured = "list" | "listBaseline" | "listFloor" | "autoDebit" | "autoDebitBaseline" | "autoDebitFloor";

export interface CardsResults {
  figures: Partial<Record<CardMeasured, Figures>>;
  listStatements: StatementCount;
  autoDebitStatements: StatementCount;
  /** Of autoDebitStatements, the sandbox gateway's per request. */
  autoDebitGatewayStatements: number;
}

/** The sandbox gateway's statements: those on its own tables. */
const GATEWAY_STATEMENT = /sandbox_/i;

const agreementFields = (agreementId: string) => ({
  payment_type: "auto_debit",
  customer_id: CARD_CUSTOMER,
  agreement: { id: agreementId, type: "unscheduled", amount_variability: "variable" },
});

type ListedCard = { token: string; agreements: string[] };

function listTarget(apiKey: string, fields: Record<string, string> = { type: "sandbox" }): Target {
  const body = JSON.stringify({ customer_id: CARD_CUSTOMER, ...fields });
  return { url: `${APP_URL}/b/pbl/v2/card/`, method: "POST", headers: apiHeaders(apiKey), status: 200, body };
}

/**
 * Makes sure the customer has a card saved under each of AGREEMENTS (the first auto_debit payment of each, paid
 * with the sandbox's approve card; a second call finds them), and returns the token of the charged agreement's.
 */
async function savedCardToken(apiKey: string): Promise<string> {
  const saved = await send<ListedCard[]>(listTarget(apiKey));
  const missing = AGREEMENTS.filter((id) => !saved.some((card) => card.agreements.includes(id)));
  if (missing.length > 0) process.stderr.write(`Saving ${missing.length} cards of ${CARD_CUSTOMER} through the sandbox …\n`);
  for (const agreementId of missing) {
    const { session_id: sessionId } = await createTransaction(APP_URL, apiKey, { amount: CHARGE_AMOUNT, ...agreementFields(agreementId) });
    await pay(APP_URL, sessionId);
  }
  const cards = await send<ListedCard[]>(listTarget(apiKey));
  if (cards.length !== SAVED_CARDS || AGREEMENTS.some((id) => !cards.some((card) => card.agreements.includes(id)))) {
    throw new Error(`${CARD_CUSTOMER} should have ${SAVED_CARDS} saved cards, one per agreement; the list answered ${JSON.stringify(cards)}.`);
  }
  const [charged] = await send<ListedCard[]>(listTarget(apiKey, { agreement_id: CHARGED_AGREEMENT }));
  if (!charged) throw new Error(`No card of ${CARD_CUSTOMER} under agreement ${CHARGED_AGREEMENT}.`);
  return charged.token;
}

/** `count` created auto_debit transactions of the customer under the charged agreement, through the API. */
async function autoDebitPool(apiKey: string, count: number): Promise<string[]> {
  process.stderr.write(`Creating ${count} auto_debit transactions of ${CHARGE_AMOUNT} KWD to charge …\n`);
  return inPool(Array.from({ length: count }, (_, i) => i), CREATE_CONCURRENCY, async () => {
    const { session_id: sessionId } = await createTransaction(APP_URL, apiKey, { amount: CHARGE_AMOUNT, ...agreementFields(CHARGED_AGREEMENT) });
    return sessionId;
  });
}

/** An auto-debit that must answer 200 (charged), of each of `sessions` in turn: each can be charged once. */
function autoDebitTarget(apiKey: string, token: string, sessions: string[]): Target {
  const bodies = sessions.map((id) => JSON.stringify({ session_id: id, token }));
  const target: Target = { url: `${APP_URL}/b/pbl/v2/auto-debit/`, method: "POST", headers: apiHeaders(apiKey), status: 200 };
  return bodies.length === 1 ? { ...target, body: bodies[0] } : { ...target, bodies };
}

/** One auto-debit that must be charged (send alone accepts a 202 or another 2xx). */
async function charge(target: Target): Promise<void> {
  const answer = await send<{ success?: boolean; result?: string }>(target);
  if (answer.success !== true) throw new Error(`An auto-debit was not charged: ${JSON.stringify(answer).slice(0, 300)}`);
}

/** SQL round trips per card list and per auto-debit (the sandbox gateway's apart), counted on the idle app. */
export function countCardRoundTrips(apiKey: string): Promise<Omit<CardsResults, "figures">> {
  return onIdleApp(async (dbUrl) => {
    const token = await savedCardToken(apiKey);
    const list = listTarget(apiKey);
    const charges = (await autoDebitPool(apiKey, COUNTED_REQUESTS + 5)).map((id) => autoDebitTarget(apiKey, token, [id]));
    let next = 0;
    for (let i = 0; i < 5; i++) {
      await send(list);
      await charge(charges[next++]!); // first requests out of the count
    }
    return withClient(dbUrl, async (c) => {
      const autoDebitStatements = await countStatements(c, () => charge(charges[next++]!), COUNTED_REQUESTS);
      const gateway = autoDebitStatements.statements.filter((s) => GATEWAY_STATEMENT.test(s.query));
      return {
        listStatements: await countStatements(c, () => send(list), COUNTED_REQUESTS),
        autoDebitStatements,
        autoDebitGatewayStatements: gateway.reduce((sum, s) => sum + s.calls, 0) / autoDebitStatements.requests,
      };
    });
  });
}

/**
 * Saves the customer's cards (unless there), then loads auto-debits after the baseline's (and the floor's) INSERT,
 * and the card list after their SELECT, in rounds (measureInRounds). Every auto-debit charges a transaction of its
 * own: the warm-up charges WARM_UP_POOL, and each round's load a fresh pool POOL_MARGIN times what the warm-up's rate
 * needs, so it never runs out (an exhausted pool would answer 409, counted as failed).
 */
export async function measureSavedCards(
  apiKey: string,
  dbUrl: string,
  helpers: ChildProcess[],
  seconds: number,
  withFloor: boolean,
): Promise<CardsResults["figures"]> {
  const floors = await startFloors(dbUrl, helpers, withFloor);
  const token = await savedCardToken(apiKey);
  const insertTargets = { autoDebitBaseline: floors.insertBaseline, autoDebitFloor: floors.insertFloor };
  const present = await warmUp(insertTargets, ["autoDebitBaseline", "autoDebitFloor"] as const);
  const warm = await measure(autoDebitTarget(apiKey, token, await autoDebitPool(apiKey, WARM_UP_POOL)), WARM_UP_SECONDS);
  // Each round's auto-debits charge a fresh pool, made before that round's load.
  const inserts = await measureInRounds([...present, "autoDebit" as const], seconds, async (name) => {
    if (name !== "autoDebit") return measure(insertTargets[name]!, roundSeconds(seconds));
    const pool = await autoDebitPool(apiKey, Math.ceil(warm.rps * roundSeconds(seconds) * POOL_MARGIN) + CONNECTIONS);
    return measure(autoDebitTarget(apiKey, token, pool), roundSeconds(seconds));
  });

  const lists = await measureInTurn(
    { listBaseline: floors.selectBaseline, listFloor: floors.selectFloor, list: listTarget(apiKey) },
    ["listBaseline", "listFloor", "list"],
    seconds,
  );
  return { ...inserts, ...lists };
}
