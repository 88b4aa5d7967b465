import type { z } from "zod";
import { type FieldErrors, ValidationFailed } from "@/lib/errors";

/** Adds a message under a field path; list indexes fold into their field (`pg_codes.1` → `pg_codes`). */
export function addFieldError(errors: FieldErrors, path: readonly PropertyKey[], message: string): void {
  const keys = path.filter((p): p is string => typeof p === "string");
  if (keys.length === 0) keys.push("non_field_errors");
  let node = errors;
  keys.slice(0, -1).forEach((key) => {
    const next = node[key];
    if (!next || Array.isArray(next)) node[key] = {};
    node = node[key] as FieldErrors;
  });
  const leaf = keys.at(-1)!;
  const list = Array.isArray(node[leaf]) ? (node[leaf] as string[]) : (node[leaf] = []);
  if (!list.includes(message)) list.push(message);
}

/** Parses input with a zod schema; failures become field errors in the interface's 400 shape. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) addFieldError(errors, issue.path, issue.message);
  throw new ValidationFailed(errors);
}
