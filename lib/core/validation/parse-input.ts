import type { z } from "zod";
import { type FieldErrors, ValidationFailed } from "@/lib/core/errors";

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

/**
 * Parses what it can of an object: the output of the fields that pass and the errors of those that do not, so
 * that one answer can list every field error (with the checks that need the configuration added after).
 */
export function parsePartially<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  input: Record<string, unknown>,
): { data: Partial<z.output<S>>; errors: FieldErrors } {
  const errors: FieldErrors = {};
  let rest = input;
  // Each round drops the fields that failed; a cross-field rule can fail a second round, never more.
  for (let round = 0; round < 3; round++) {
    const result = schema.safeParse(rest);
    if (result.success) return { data: result.data, errors };
    const failed = new Set<PropertyKey>();
    for (const issue of result.error.issues) {
      addFieldError(errors, issue.path, issue.message);
      failed.add(issue.path[0] ?? "");
    }
    rest = Object.fromEntries(Object.entries(rest).filter(([key]) => !failed.has(key)));
  }
  return { data: {}, errors };
}

/** The field errors of both in one answer; a field the first names keeps only its own. */
export function mergeFieldErrors(first: FieldErrors, second: FieldErrors): FieldErrors {
  const merged: FieldErrors = structuredClone(first);
  const walk = (errors: FieldErrors, path: string[]) => {
    for (const [key, value] of Object.entries(errors)) {
      // A field that broke its own rules keeps those errors: "required" or a cross-field rule would only repeat them.
      if (path.length === 0 && key in first) continue;
      if (Array.isArray(value)) for (const message of value) addFieldError(merged, [...path, key], message);
      else walk(value, [...path, key]);
    }
  };
  walk(second, []);
  return merged;
}
