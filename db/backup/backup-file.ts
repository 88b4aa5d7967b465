import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";

// A backup file is text, one item a line:
//   CHECKOUT-SERVICE-BACKUP 1
//   {header: PostgreSQL version, migrations, secrets, tables and their columns}
//   #table "schema"."name"      then the table's rows in COPY's text format, then \.
//   #sequences {"\"schema\".\"seq\"": ["last value", is_called], …}
//   #end {"rows": {table: count}, "sha256": hash of every byte before this line}
// COPY's text format escapes newlines, carriage returns and backslashes inside values, so every row is one line
// and no row reads `\.`.
export const MAGIC = "CHECKOUT-SERVICE-BACKUP";
export const FORMAT_VERSION = 1;
export const TABLE = "#table ";
export const END_OF_ROWS = "\\.";
export const SEQUENCES = "#sequences ";
export const TRAILER = "#end ";

export interface BackupHeader {
  createdAt: string;
  postgresMajor: number;
  postgresVersion: string;
  /** The app's migrations applied in the backed-up database, in order. */
  migrations: string[];
  /** graphile_worker's own schema version (its highest migration id). */
  jobQueueMigration: number;
  /** DATA_DIR's secret files (credentials-key, auth-secret) by name: the restored service must read its data. */
  secrets: Record<string, string>;
  tables: { name: string; columns: string[] }[];
}

export interface BackupTrailer {
  rows: Record<string, number>;
  sha256: string;
}

/** Sequences' values: [last_value, is_called], by the sequence's quoted name. */
export type SequenceValues = Record<string, [string, boolean]>;

/** A backup that cannot be restored here: the message says why, and nothing was changed. */
export class BackupRefused extends Error {}

export type BackupItem =
  | { kind: "table"; name: string }
  | { kind: "row"; line: string }
  | { kind: "end-of-rows" }
  | { kind: "sequences"; values: SequenceValues };

/** The file's first two lines: refuses a file that is not a backup, or one of a format this release cannot read. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const lines = createInterface({ input: createReadStream(file, { end: 16 * 1024 * 1024 }), crlfDelay: Infinity });
  const [magic, header] = await firstLines(lines, 2);
  const version = magic?.startsWith(`${MAGIC} `) ? Number(magic.slice(MAGIC.length + 1)) : NaN;
  if (Number.isNaN(version)) throw new BackupRefused(`${file} is not a backup of this service (no ${MAGIC} line).`);
  if (version !== FORMAT_VERSION) throw new BackupRefused(`${file} is a backup of format ${version}; this release reads format ${FORMAT_VERSION}.`);
  try {
    return JSON.parse(header ?? "") as BackupHeader;
  } catch {
    throw new BackupRefused(`${file} is truncated or damaged: its header is not readable.`);
  }
}

/**
 * Reads the whole file once before anything is written: its trailer must be there (a cut file has none), its
 * checksum must match every byte before it, and each table's rows must number what the trailer says.
 */
export async function verifyBackupFile(file: string): Promise<BackupTrailer> {
  const hash = createHash("sha256");
  const counted: Record<string, number> = {};
  let table = "";
  let trailer: BackupTrailer | null = null;
  for await (const { line, item } of backupLines(file)) {
    if (trailer) throw new BackupRefused(`${file} is damaged: it goes on after its trailer.`);
    if (line.startsWith(TRAILER)) {
      trailer = parseTrailer(line, file);
      continue;
    }
    hash.update(line + "\n");
    if (item?.kind === "table") counted[(table = item.name)] = 0;
    if (item?.kind === "row") counted[table]!++;
  }
  if (!trailer) throw new BackupRefused(`${file} is truncated: it ends before its trailer (a backup cut short, or still being written).`);
  if (hash.digest("hex") !== trailer.sha256) throw new BackupRefused(`${file} is damaged: its checksum does not match its contents.`);
  const wrong = Object.keys(trailer.rows).filter((name) => counted[name] !== trailer.rows[name]);
  if (wrong.length > 0) throw new BackupRefused(`${file} is damaged: the row counts of ${wrong.join(", ")} do not match its trailer.`);
  return trailer;
}

/** The file's items after the header (tables, their rows, the sequences), as the restore loads them. */
export async function* backupItems(file: string): AsyncGenerator<BackupItem> {
  for await (const { item } of backupLines(file)) if (item) yield item;
}

async function* backupLines(file: string): AsyncGenerator<{ line: string; item: BackupItem | null }> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let index = 0;
  let inTable = false;
  for await (const line of lines) {
    index++;
    if (index <= 2) {
      yield { line, item: null };
    } else if (inTable) {
      inTable = line !== END_OF_ROWS;
      yield { line, item: inTable ? { kind: "row", line } : { kind: "end-of-rows" } };
    } else if (line.startsWith(TABLE)) {
      inTable = true;
      yield { line, item: { kind: "table", name: line.slice(TABLE.length) } };
    } else if (line.startsWith(SEQUENCES)) {
      yield { line, item: { kind: "sequences", values: parseJson(line.slice(SEQUENCES.length), file) as SequenceValues } };
    } else {
      yield { line, item: null };
    }
  }
}

async function firstLines(lines: AsyncIterable<string>, count: number): Promise<string[]> {
  const found: string[] = [];
  for await (const line of lines) {
    found.push(line);
    if (found.length === count) break;
  }
  return found;
}

function parseTrailer(line: string, file: string): BackupTrailer {
  const trailer = parseJson(line.slice(TRAILER.length), file) as Partial<BackupTrailer>;
  if (typeof trailer.sha256 !== "string" || typeof trailer.rows !== "object") throw new BackupRefused(`${file} is damaged: its trailer is not readable.`);
  return trailer as BackupTrailer;
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new BackupRefused(`${file} is damaged: a line that should be JSON is not.`);
  }
}
