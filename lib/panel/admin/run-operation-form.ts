import { z } from "zod";
import { findTransactionScope } from "@/db/queries/transaction-detail";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { requireAction } from "@/lib/access/auth/permissions";
import { canSeeTransaction } from "@/lib/access/auth/transaction-scope";
import { recordAudit } from "@/lib/access/audit/record-audit";
import type { Ctx } from "@/lib/core/context";
import { DomainError, type FieldErrors, ValidationFailed } from "@/lib/core/errors";
import { performOperation } from "@/lib/checkout/operations/perform-operation";
import { SESSION_ID } from "@/lib/checkout/transactions/get-transaction";
import { parseInput } from "@/lib/core/validation/parse-input";
import { flattenFieldErrors } from "./flatten-field-errors";
import { PANEL_OPERATIONS, WITH_AMOUNT, type PanelOperation } from "./panel-operations";

export interface OperationFormState {
  /** What was typed, kept when the form comes back with errors. */
  values: { amount: string };
  /** In place under the amount field. */
  errors: FieldErrors;
  /** About the operation as a whole: not found, not allowed, not in this state, refused by the gateway. */
  error: string | null;
  done: string | null;
}

const NOT_FOUND = "No such transaction.";
const STALE =
  "This transaction changed since its page was shown (another tab, person or the gateway acted on it): nothing was done. Look at it as it stands now, then decide again.";

const operationForm = z
  .object({
    sessionId: z.string().regex(SESSION_ID, NOT_FOUND),
    operation: z.enum(PANEL_OPERATIONS, { error: `Choose one of ${PANEL_OPERATIONS.join(", ")}.` }),
    amount: z.string().trim().max(32, "Ensure this value has no more than 32 characters."),
    version: z.string().regex(/^\d{1,20}$/, "This form is incomplete: load the transaction's page again."),
  })
  .superRefine((form, issues) => {
    // The API refunds everything that remains when amount is left out; the panel asks for it, money being at stake.
    if (WITH_AMOUNT.includes(form.operation) && form.amount === "") {
      issues.addIssue({ code: "custom", path: ["amount"], message: `Enter the amount to ${form.operation}, such as 10.500.` });
    }
  });

type OperationForm = z.output<typeof operationForm>;

/**
 * A refund, capture, void, cancel or expire sent from a transaction's page, through the API's verb with the
 * admin as the caller (so its operation record, events, webhook and messages are the API's), then written to
 * the audit log. The form carries the transaction's version it was shown at: a form from a page gone stale is
 * refused, and the version is the operation's idempotency key, so two clicks or two tabs on the same page move
 * money once. Another gateway's transaction is not found; permissions are checked again here.
 */
export async function runOperationForm({ ctx, input }: { ctx: Ctx; input: { caller: UserCaller; form: FormData } }): Promise<OperationFormState> {
  const text = (name: string) => String(input.form.get(name) ?? "");
  const values = { amount: text("amount").trim() };
  let form: OperationForm;
  try {
    form = parseInput(operationForm, { sessionId: text("sessionId"), operation: text("operation"), amount: text("amount"), version: text("version") });
  } catch (error) {
    return answerError(values, error);
  }
  const scope = await findTransactionScope(ctx.db, form.sessionId);
  if (!scope || !canSeeTransaction(input.caller, scope.pg_codes)) return failed(values, NOT_FOUND);
  try {
    requireAction(input.caller, form.operation);
    if (scope.version !== form.version) return failed(values, STALE);
    const answer = await performOperation({
      ctx,
      input: {
        caller: input.caller,
        fields: { operation: form.operation, session_id: form.sessionId, ...(form.amount ? { amount: form.amount } : {}) },
        idempotencyKey: `panel:${form.operation}:${form.sessionId}:${form.version}`,
      },
    });
    if (answer.replayed) return done(`This ${form.operation} was already sent (a second click or another tab): nothing more was done.`);
    // After the verb, not inside its database transactions: a money operation waits for the gateway between them.
    await recordAudit(ctx.db, input.caller, {
      action: `transaction.${form.operation}`,
      entity: "transaction",
      entityId: form.sessionId,
      before: { state: scope.state },
      after: auditedAnswer(answer.body),
    });
    return answerOf(form.operation, answer, values);
  } catch (error) {
    // Another click or tab got in first: the transaction moved while this one was being checked.
    const now = await findTransactionScope(ctx.db, form.sessionId);
    if (error instanceof DomainError && now?.version !== form.version) return failed(values, STALE);
    return answerError(values, error);
  }
}

const done = (message: string): OperationFormState => ({ values: { amount: "" }, errors: {}, error: null, done: message });
const failed = (values: OperationFormState["values"], message: string): OperationFormState => ({ values, errors: {}, error: message, done: null });

/** The verb's refusals in place: amount errors under the field, anything else about the operation. */
function answerError(values: OperationFormState["values"], error: unknown): OperationFormState {
  if (error instanceof ValidationFailed) {
    const { amount, ...rest } = error.fields;
    const others = flattenFieldErrors(rest);
    return { values, errors: amount ? { amount } : {}, error: others.length > 0 ? others.join(" ") : null, done: null };
  }
  if (error instanceof DomainError) return failed(values, error.message);
  throw error;
}

function auditedAnswer(body: Record<string, unknown>): Record<string, unknown> {
  const txn = body.txn as { state?: string } | undefined;
  return { result: body.result, state: txn?.state ?? body.state, amount: body.amount ?? null, reference_number: body.reference_number ?? null };
}

/** What the verb answered, in words: done (200), sent and waiting for the gateway (202), refused by the gateway (400). */
function answerOf(name: PanelOperation, answer: { status: number; body: Record<string, unknown> }, values: OperationFormState["values"]): OperationFormState {
  const { body } = answer;
  const txn = body.txn as { state: string } | undefined;
  const what = body.amount ? `${capitalized(name)} of ${body.currency_code} ${body.amount}` : capitalized(name);
  if (answer.status === 200) return done(`${what} done: the transaction is ${txn?.state ?? body.state}.`);
  if (answer.status === 202) return done(`${what} sent: the gateway has not answered yet. It completes by inquiry or callback, and its webhook follows.`);
  return failed(values, `The gateway refused the ${name}: ${body.detail}`);
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
