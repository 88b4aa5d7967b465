import type { AttemptEntry, EventEntry, OperationEntry } from "@/db/queries/transaction-detail";
import { actorWords, creatorWords, requesterWords } from "./actor-words";
import type { TransactionDetail } from "./load-transaction-detail";
import { cardWords, gatewayWords, moneyOf } from "./transaction-facts";

/** One line of the timeline: what happened in a sentence, and a smaller second line when there is more to say. */
export interface TimelineEntry {
  at: string;
  text: string;
  detail: string | null;
  tone: "good" | "bad" | "neutral";
}

type Words = Omit<TimelineEntry, "at">;
type Detail = Pick<TransactionDetail, "txn" | "decimals" | "gateways" | "attempts" | "operations" | "actors" | "created_by_api_key" | "created_by_user">;

const MOVED: Record<string, string> = { refund: "Refunded", capture: "Captured", void: "Voided" };
const CLOSED: Record<string, string> = { cancel: "Canceled", expire: "Expired", delete: "Deleted" };
const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** An attempt's result: "Paid KWD 86.000" with where and how, or "Payment attempt ABC via Sandbox: declined (Insufficient funds)". */
function attemptResult(detail: Detail, a: AttemptEntry, outcome: unknown, to: string | null): Words {
  const via = `${a.reference_number} via ${gatewayWords(detail, a.gateway_code)}`;
  if (outcome === "success") {
    const card = cardWords(a);
    return {
      text: `${to === "authorized" ? "Authorized" : "Paid"} ${moneyOf(detail)(a.amount)}`,
      detail: `Payment attempt ${via}${card ? `, ${card}` : ""}`,
      tone: "good",
    };
  }
  const why = a.message ? ` (${a.message})` : "";
  return { text: `Payment attempt ${via}: ${String(outcome)}${why}`, detail: null, tone: "bad" };
}

/** A refund, capture or void as it ended: "Refunded KWD 20.000 by admin sara", or why it failed. */
function operationResult(detail: Detail, e: EventEntry, op: OperationEntry | undefined): Words {
  const kind = String(e.data.operation);
  const amount = typeof e.data.amount === "string" ? e.data.amount : op?.amount;
  const money = amount ? ` ${moneyOf(detail)(amount)}` : "";
  const by = op ? requesterWords(op) : null;
  if (e.data.result !== "success") {
    return { text: `${capitalized(kind)} of${money} failed`, detail: [by && `Asked by ${by}`, op?.message].filter(Boolean).join(": ") || null, tone: "bad" };
  }
  if (op?.cause === "duplicate") return { text: `Gave back${money} (a duplicate payment)`, detail: null, tone: "neutral" };
  return { text: `${MOVED[kind] ?? capitalized(kind)}${money}${by ? ` by ${by}` : ""}`, detail: op?.reference_number ? `Gateway reference ${op.reference_number}` : null, tone: "neutral" };
}

const NEXT: Record<string, (next: string) => string> = {
  started: (next) => `started on ${next}`,
  next: (next) => `${next} next`,
  none_left: () => "no other payment method left; the customer was asked to choose again",
};

/** A gateway a pay action passed over (lib/checkout/payments/record-detours.ts): "sandbox unavailable (timeout after 15 s) → started on mpgs". */
function routingWords(e: EventEntry): Words {
  const passed = e.cause === "circuit_open" ? "skipped" : "unavailable";
  const next = NEXT[String(e.data.outcome)]?.(String(e.data.next)) ?? String(e.data.outcome);
  const text = `${String(e.data.gateway)} ${passed} (${String(e.data.reason)}) → ${next}`;
  return { text, detail: typeof e.data.message === "string" ? e.data.message : null, tone: e.data.outcome === "none_left" ? "bad" : "neutral" };
}

/**
 * A transaction event as a sentence, with who did it by name (the API key's, the admin's) and what it was about
 * (the attempt's reference and gateway, the operation's amount); an event of a kind not known here still shows.
 */
export function eventWords(detail: Detail, e: EventEntry): Words {
  const attempt = e.attempt_id ? detail.attempts.find((a) => a.id === e.attempt_id) : undefined;
  const op = e.operation_id ? detail.operations.find((o) => o.id === e.operation_id) : undefined;
  const actor = actorWords(e.data.actor, detail.actors);
  const neutral = (text: string, more: string | null = null): Words => ({ text, detail: more, tone: "neutral" });

  if (e.kind === "created") {
    return neutral(`Created by ${actor ?? creatorWords(detail) ?? "the API"}`);
  }
  if (e.kind === "updated") {
    const fields = Array.isArray(e.data.fields) ? e.data.fields.join(", ") : null;
    return neutral(`Changed by ${actor ?? "the API"}`, fields && `Fields: ${fields}`);
  }
  if (e.kind === "operation") return operationResult(detail, e, op);
  if (e.kind === "link_resent") {
    const channels = Array.isArray(e.data.channels) ? ` (${e.data.channels.join(", ")})` : "";
    return neutral(`Payment link sent again by ${actor ?? "the API"}${channels}`);
  }
  if (e.kind === "payment_routed") return routingWords(e);
  const closing = typeof e.data.operation === "string" ? CLOSED[e.data.operation] : undefined;
  if (closing) return neutral(`${closing}${op && requesterWords(op) ? ` by ${requesterWords(op)}` : ""}`);
  if (attempt) {
    const via = `${attempt.reference_number} via ${gatewayWords(detail, attempt.gateway_code)}`;
    if (e.kind === "duplicate_payment") {
      return { text: `A second payment ${via} was given back`, detail: `The transaction was already ${e.from_state ?? "—"}`, tone: "bad" };
    }
    if (e.kind === "attempt_superseded") return neutral(`Payment attempt ${via} closed at the gateway`, attempt.message);
    if (e.cause === "payment_started") return neutral(`Payment attempt ${via} started`);
    if (e.cause === "auto_debit") return neutral(`Auto-debit ${via} started (a saved card, without the customer)`);
    if (e.data.outcome !== undefined) return attemptResult(detail, attempt, e.data.outcome, e.to_state);
  }
  if (e.to_state === "expired") {
    const left = typeof e.data.attempts_left_pending === "number" ? `${e.data.attempts_left_pending} payment still at the gateway` : null;
    if (e.cause === "result_after_expiry") return neutral("Expired: the payment result came after the deadline", left);
    return neutral("Expired: not paid before its deadline", left);
  }
  const move = e.from_state && e.to_state && e.from_state !== e.to_state ? `: ${e.from_state} → ${e.to_state}` : "";
  return neutral(`${capitalized(e.kind.replace(/_/g, " "))}${move}`, e.cause ? `Cause: ${e.cause.replace(/_/g, " ")}` : null);
}
