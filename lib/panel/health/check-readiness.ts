import { appliedMigrations, pingDatabase, secondsSinceLastPoolHeartbeat } from "@/db/queries/health";
import { migrations } from "@/db/migrations";
import type { Ctx } from "@/lib/core/context";
import { env } from "@/lib/core/env";
import { POOL_SILENT_SECONDS } from "@/lib/jobs/pool-heartbeat";

export interface Check {
  ok: boolean;
  detail: string;
}

export interface Readiness {
  status: "ready" | "unavailable";
  /** The names of the checks that failed (empty when ready). */
  failing: string[];
  checks: { database: Check; jobs: Check; migrations: Check };
}

const TIMEOUT_MS = 2_000;

/**
 * Whether this process should be sent traffic: its database answers within 2 s, a job engine is alive (with the
 * embedded engine, some pool noted a heartbeat within the silence after which its jobs are taken from it), and
 * every migration this code needs is applied. Migrations the database has beyond the code's (a newer release,
 * during a rolling upgrade) are fine: they are written to be tolerated (docs/operations/upgrades.md).
 */
export async function checkReadiness({ ctx }: { ctx: Ctx }): Promise<Readiness> {
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), TIMEOUT_MS).unref());
  const facts = Promise.all([pingDatabase(ctx.db), appliedMigrations(ctx.db), secondsSinceLastPoolHeartbeat(ctx.db)]);
  const found = await Promise.race([facts, timeout]).catch(() => null);
  const checks = found
    ? { database: pass("answers"), jobs: jobsCheck(found[2]), migrations: migrationsCheck(found[1]) }
    : { database: fail(`no answer within ${TIMEOUT_MS / 1000} s`), jobs: fail("unknown: no database"), migrations: fail("unknown: no database") };
  const failing = Object.entries(checks).filter(([, c]) => !c.ok).map(([name]) => name);
  return { status: failing.length === 0 ? "ready" : "unavailable", failing, checks };
}

const pass = (detail: string): Check => ({ ok: true, detail });
const fail = (detail: string): Check => ({ ok: false, detail });

function jobsCheck(secondsSinceBeat: number | null): Check {
  // Inngest runs the jobs on its side and calls us back: its health is Inngest's to report.
  if (env.JOB_ENGINE === "inngest") return pass("inngest (not checked here)");
  if (secondsSinceBeat === null) return fail("no job pool is noting a heartbeat");
  const age = Math.round(secondsSinceBeat);
  return age <= POOL_SILENT_SECONDS ? pass(`last heartbeat ${age} s ago`) : fail(`last heartbeat ${age} s ago (more than ${POOL_SILENT_SECONDS} s)`);
}

function migrationsCheck(applied: string[]): Check {
  const have = new Set(applied);
  const pending = Object.keys(migrations).filter((name) => !have.has(name));
  if (pending.length > 0) return fail(`${pending.length} not applied: ${pending.join(", ")}`);
  const ahead = applied.length - Object.keys(migrations).length;
  return pass(ahead > 0 ? `current (${ahead} more from a newer release)` : "current");
}
