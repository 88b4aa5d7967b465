import { pingDatabase } from "@/db/queries/health";
import type { Ctx } from "@/lib/core/context";

export interface Health {
  status: "ok" | "unavailable";
  database: "up" | "down";
}

const TIMEOUT_MS = 3_000;

/** Whether the service can do its work: today that is whether its database answers in time. */
export async function checkHealth({ ctx }: { ctx: Ctx }): Promise<Health> {
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), TIMEOUT_MS).unref());
  try {
    await Promise.race([pingDatabase(ctx.db), timeout]);
    return { status: "ok", database: "up" };
  } catch {
    return { status: "unavailable", database: "down" };
  }
}
