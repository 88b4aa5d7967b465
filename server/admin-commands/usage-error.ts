import { parseArgs, type ParseArgsConfig } from "node:util";
import { readFile } from "node:fs/promises";

/** Wrong or missing command-line arguments: the CLI prints the message and exits with code 2. */
export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig["options"]>;

/** Strict option parsing: unknown options, stray values and missing required options are usage errors. */
export function parseOptions<O extends Options>(args: string[], options: O, required: (keyof O & string)[] = []) {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args, options, strict: true, allowPositionals: false }).values as typeof values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const missing = required.filter((name) => values[name] === undefined);
  if (missing.length > 0) throw new UsageError(`Missing required option(s): ${missing.map((m) => `--${m}`).join(", ")}.`);
  return values as { [K in keyof O]?: O[K]["type"] extends "boolean" ? boolean : string };
}

export const list = (value: string | undefined) =>
  value === undefined ? undefined : value.split(",").map((v) => v.trim()).filter(Boolean);

export function onOff(value: string | undefined, option: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === "on") return true;
  if (value === "off") return false;
  throw new UsageError(`--${option} must be on or off.`);
}

export function numberOption(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${option} must be a whole number.`);
  return Number(value);
}

/** `--mode sandbox|production`: whether a gateway setting takes test payments only. */
export function gatewayMode(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === "sandbox" || value === "production") return value === "sandbox";
  throw new UsageError("--mode must be sandbox or production.");
}

/**
 * `--credentials-file F`: a gateway's credentials as a JSON object of strings (`{"secret_key": "…"}`), read from
 * a file so that secrets stay out of the shell's history and the process list.
 */
export async function credentialsFile(file: string | undefined): Promise<Record<string, string> | undefined> {
  if (file === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new UsageError(`--credentials-file ${file}: ${(error as Error).message.split("\n")[0]}`);
  }
  const values = parsed && typeof parsed === "object" && !Array.isArray(parsed) ? Object.entries(parsed) : null;
  if (!values || values.some(([, v]) => typeof v !== "string")) {
    throw new UsageError(`--credentials-file ${file}: must be a JSON object of strings, e.g. {"secret_key": "…"}.`);
  }
  return Object.fromEntries(values) as Record<string, string>;
}
