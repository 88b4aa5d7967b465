import type { GatewaySetting, MoneyOperation } from "@/db/types";
import type { Ctx } from "@/lib/core/context";

/** What a gateway said about one payment, in our terms. */
export type Outcome = "success" | "declined" | "canceled" | "error" | "pending";

export interface GatewayResult {
  outcome: Outcome;
  /** The gateway's raw answer, kept on the attempt as `gateway_response`. */
  gatewayResponse: Record<string, unknown>;
  message: string | null;
  card: { brand: string; masked: string; expiry: string; holder?: string | null } | null;
  /** A reusable token when the customer asked to save the card and the gateway issued one. */
  savedCardToken: string | null;
}

/** A result the gateway will not change any more. */
export type FinalResult = GatewayResult & { outcome: Exclude<Outcome, "pending"> };
export const isFinal = (result: GatewayResult): result is FinalResult => result.outcome !== "pending";

/**
 * A gateway's message as it arrived (browser return or server callback): its query and form fields, and for
 * gateways that sign the exact bytes (Stripe), the raw body and the headers.
 */
export interface GatewayMessage {
  params: Record<string, string>;
  rawBody: string;
  headers: Headers;
}

/** A gateway message (browser return or server callback) whose signature checked out. */
export interface VerifiedMessage {
  messageId: string;
  issuedAt: Date;
  referenceNumber: string;
  outcome: Outcome;
}

export interface StartPaymentInput {
  referenceNumber: string;
  gateway: GatewaySetting;
  /** Amount to charge, fee included, with the currency's places. */
  amount: string;
  currencyCode: string;
  customerId: string | null;
  language: string;
  /** The transaction saves the card (save_card, auto_debit), whatever the customer ticks; needs customerId. */
  mustSaveCard: boolean;
  /** The merchant's vendor name, sent as the gateway's user-defined field udf6 where it has one. */
  vendorName: string | null;
  /**
   * The transaction's deadline (expires_at): a gateway whose payment session can be given a lifetime ends it
   * then, as near as its protocol allows. A success that comes anyway after it is given back (apply-gateway-result.ts).
   */
  expiresAt: Date;
  /**
   * card_acceptance_criteria.min_expiry_time: days the card must still be valid for, or null. Only a gateway whose
   * card page is ours to judge takes it (the sandbox); Stripe's and KNET's pages cannot be told (docs/api.md).
   */
  minCardExpiryDays: number | null;
}

/** A merchant-initiated charge of a saved card (auto-debit): no customer, no page. */
export interface TokenChargeInput {
  referenceNumber: string;
  token: string;
  customerId: string;
  amount: string;
  currencyCode: string;
  agreementId: string;
}

/** What a gateway said about a refund, capture or void: "pending" when it did not answer in time. */
export interface OperationResult {
  outcome: "success" | "failed" | "pending";
  message: string | null;
  gatewayResponse: Record<string, unknown>;
}

export interface OperationInput {
  kind: MoneyOperation;
  /** The reference of the payment (attempt) the operation is about. */
  paymentReference: string;
  /** The operation's own reference: the gateway does an operation once however often it is sent. */
  operationReference: string;
  amount: string;
  currencyCode: string;
}

/** One interface for every payment gateway: start or release a payment, check its messages, ask about it, operate on it. */
export interface GatewayAdapter {
  /**
   * Saving cards (save_card, auto_debit), authorizing a zero amount to save one, and the money operations the
   * gateway takes through its API (the others are refused with a message saying so). `framedPage`: the page the
   * customer pays on may be shown inside the embedded checkout's frame (only a page we serve ourselves: a bank's
   * or Stripe's page refuses to be framed, so the embedded checkout sends the whole window there).
   */
  features: { tokenization: boolean; zeroAuthorization: boolean; operations: readonly MoneyOperation[]; framedPage: boolean };
  /**
   * What is wrong with credentials about to be saved (by name: "resource_key" → "must be 16 characters"), checked
   * by their form only; the panel and the CLI show it under the field.
   */
  credentialErrors?(values: Record<string, string>, setting: { sandbox: boolean }): Record<string, string>;
  /** Sets the payment up at the gateway; returns where to send the customer. Unreachable or refusing our credentials: GatewayUnavailable. */
  startPayment(ctx: Ctx, input: StartPaymentInput): Promise<{ redirectUrl: string; gatewayResponse: Record<string, unknown> }>;
  /** The reference a message claims to be about, before its signature is checked. */
  referenceOf(message: GatewayMessage): string | null;
  /**
   * Checks a message's signature with the gateway setting's secret; null when it does not check out. `attempt` is
   * what the attempt kept of the payment's start (MPGS checks a return against its session's success indicator).
   */
  verifyMessage(gateway: GatewaySetting, message: GatewayMessage, attempt: { gatewayResponse: Record<string, unknown> | null }): VerifiedMessage | null;
  /**
   * Our own page that opens the gateway's (MPGS: its checkout.js), at /b/checkout/gateway/<pg>/page/; null when
   * the query is not ours for that attempt.
   */
  paymentPage?(gateway: GatewaySetting, attempt: { gatewayResponse: Record<string, unknown> | null }, params: Record<string, string>): Response | null;
  /**
   * How the callback route answers a recorded message, when not with JSON: KNET's response leg wants a body
   * `REDIRECT=<url>` naming the page its server sends the customer to.
   */
  answerCallback?(recorded: { resultUrl: string; changed: boolean }): Response;
  /**
   * The gateway resends a callback until it is answered 2xx (Stripe: for days), and its return may be reloaded: a
   * genuine message received before is then handled again (the result comes from inquiry, so it moves nothing
   * twice) instead of refused, and a callback about none of our payments is acknowledged and changes nothing.
   */
  resendsUntilAcknowledged?: boolean;
  /**
   * Stops a payment the customer has not finished, so that it can never be charged: "released", or "busy" when
   * the gateway may still charge it (the customer's card is already with the bank) or cannot promise otherwise.
   */
  releasePayment(ctx: Ctx, gateway: GatewaySetting, referenceNumber: string): Promise<"released" | "busy">;
  /**
   * Asks the gateway for the payment's result; `settle` lets a gateway finish a payment still processing;
   * `customerLeft` (a genuine cancel return) lets a gateway whose page would stay payable end the payment first.
   */
  inquire(ctx: Ctx, gateway: GatewaySetting, referenceNumber: string, options: { settle: boolean; customerLeft?: boolean }): Promise<GatewayResult>;
  /** Refunds, captures or voids (part of) a settled payment; sending the same operation reference again is safe. */
  operate(ctx: Ctx, gateway: GatewaySetting, input: OperationInput): Promise<OperationResult>;
  /** Asks about an operation; null when the gateway never received it. `settle` as for payments. */
  inquireOperation(ctx: Ctx, gateway: GatewaySetting, operationReference: string, options: { settle: boolean }): Promise<OperationResult | null>;
  /** Charges a saved card without the customer (only with `features.tokenization`); sending the same reference again is safe. */
  chargeToken?(ctx: Ctx, gateway: GatewaySetting, input: TokenChargeInput): Promise<GatewayResult>;
  /** Forgets a saved card, so that it can never be charged again. */
  removeToken?(ctx: Ctx, gateway: GatewaySetting, token: string): Promise<void>;
}
