// Partial refunds and status inquiries of paid transactions (POST /b/pbl/v2/operation/ and /b/pbl/v2/inquiry/)
// against the baseline's and the framework floor's INSERT and SELECT, and their SQL round trips, the sandbox
// gateway's own statements counted apart.
import type { ChildProcess } from "node:child_process";
import { apiHeaders, COUNTED_REQUESTS, measureInTurn, onIdleApp, startFloors } from "./api";
import { APP_URL } from "./app";
import { withClient } from "../shared/database";
import { createTransaction, send } from "../shared/http";
import type { Figures, Target } from "./load";
import { countStatements, type StatementCount } from "./round-trips";
import { inPool } from "../shared/stats";
import { pay } from "../shared/payments";
import { PAYMENT_CONCURRENCY } from "./webhooks";

/**
 * Paid transactions the partial refunds go round: many more than the load's connections, so that a refund seldom
 * waits for another one's lock on its transaction (the "a paid transaction each"; refundOne measures all of
 * them on one), and the sandbox's sum of a payment's refunds stays short as in real traffic.
 */
export const REFUND_POOL = 400;
export const PAID_AMOUNT = "1000.000";
export const REFUND_AMOUNT = "0.001";

export type OperationMeasured = "refund" | "refundOne" | "refundBaseline" | "refundFloor" | "inquiry" | "inquiryBaseline" | "inquiryFloor";

export interface OperationsResults {
  figures: Partial<Record<OperationMeasured, Figures>>;
  refundStatements: StatementCount;
  /** Of refundStatements, the sandbox gateway's per request. */
  refundGatewayStatements: number;
  inquiryStatements: StatementCount;
}

/** The sandbox gateway's statements: those on its own tables. */
const GATEWAY_STATEMENT = /sandbox_/i;

/** `count` transactions of PAID_AMOUNT KWD, paid through the real HTTP flow with the sandbox's approve card. */
async function paidTransactions(apiKey: string, count: number): Promise<string[]> {
  process.stderr.write(`Paying ${count} transactions of ${PAID_AMOUNT} KWD through the sandbox …\n`);
  return inPool(Array.from({ length: count }, (_, i) => i), PAYMENT_CONCURRENCY, async () => {
    const { session_id: sessionId } = await createTransaction(APP_URL, apiKey, { amount: PAID_AMOUNT });
    await pay(APP_URL, sessionId);
    return sessionId;
  });
}

/** A partial refund that must answer 200, of each of `sessions` in turn. */
function refundTarget(apiKey: string, sessions: string[]): Target {
  const bodies = sessions.map((id) => JSON.stringify({ operation: "refund", session_id: id, amount: REFUND_AMOUNT }));
  const target: Target = { url: `${APP_URL}/b/pbl/v2/operation/`, method: "POST", headers: apiHeaders(apiKey), status: 200 };
  return bodies.length === 1 ? { ...target, body: bodies[0] } : { ...target, bodies };
}

function inquiryTarget(apiKey: string, sessionId: string): Target {
  const body = JSON.stringify({ session_id: sessionId });
  return { url: `${APP_URL}/b/pbl/v2/inquiry/`, method: "POST", headers: apiHeaders(apiKey), status: 200, body };
}

/** SQL round trips per partial refund (the sandbox gateway's apart) and per inquiry, counted on the idle app. */
export function countOperationRoundTrips(apiKey: string): Promise<Omit<OperationsResults, "figures">> {
  return onIdleApp(async (dbUrl) => {
    const [refunded, inquired] = await paidTransactions(apiKey, 2);
    const refund = refundTarget(apiKey, [refunded!]);
    const inquiry = inquiryTarget(apiKey, inquired!);
    for (let i = 0; i < 5; i++) for (const t of [refund, inquiry]) await send(t); // first requests out of the count
    return withClient(dbUrl, async (c) => {
      const refundStatements = await countStatements(c, () => send(refund), COUNTED_REQUESTS);
      const gateway = refundStatements.statements.filter((s) => GATEWAY_STATEMENT.test(s.query));
      return {
        refundStatements,
        refundGatewayStatements: gateway.reduce((sum, s) => sum + s.calls, 0) / refundStatements.requests,
        inquiryStatements: await countStatements(c, () => send(inquiry), COUNTED_REQUESTS),
      };
    });
  });
}

/**
 * Pays REFUND_POOL + 2 transactions, then loads partial refunds spread over the pool, partial refunds of one
 * transaction, and inquiries of another, each after the baseline's (and the floor's) INSERT or SELECT.
 */
export async function measureOperations(
  apiKey: string,
  dbUrl: string,
  helpers: ChildProcess[],
  seconds: number,
  withFloor: boolean,
): Promise<OperationsResults["figures"]> {
  const floors = await startFloors(dbUrl, helpers, withFloor);
  const [inquired, single, ...pool] = await paidTransactions(apiKey, REFUND_POOL + 2);
  const targets: Partial<Record<OperationMeasured, Target>> = {
    refund: refundTarget(apiKey, pool),
    refundOne: refundTarget(apiKey, [single!]),
    refundBaseline: floors.insertBaseline,
    refundFloor: floors.insertFloor,
    inquiry: inquiryTarget(apiKey, inquired!),
    inquiryBaseline: floors.selectBaseline,
    inquiryFloor: floors.selectFloor,
  };
  const order: OperationMeasured[] = ["refundBaseline", "refundFloor", "refund", "refundOne", "inquiryBaseline", "inquiryFloor", "inquiry"];
  return measureInTurn(targets, order, seconds);
}
