import path from "node:path";
import { env } from "@/lib/core/env";
import { logFormat, logger } from "@/lib/core/log/logger";
import type { DemoDataOnStart } from "@/lib/panel/demo/seed-demo-data";

export interface StartFacts {
  mode: "dev" | "start";
  jobs: string;
  embeddedDatabase: boolean;
  demo: DemoDataOnStart;
  sandboxWarning: string | null;
}

const CREATE_USER = "npm run admin -- create-user --username U --password P --superuser";

/**
 * What an operator needs once the web server listens: where it is, how to get in. A block of text in a terminal
 * (or LOG_FORMAT=pretty); JSON lines otherwise, so that a log collector gets no stray text. The demo credentials
 * are shown this once, as before, in either form.
 */
export function announceStart(facts: StartFacts): void {
  const where = {
    adminPanel: `${env.APP_URL}/admin/login`,
    health: `${env.APP_URL}/api/health (liveness), ${env.APP_URL}/api/ready (readiness)`,
    jobs: facts.jobs,
    database: facts.embeddedDatabase ? `embedded PostgreSQL, data in ${path.resolve(env.DATA_DIR)}` : "DATABASE_URL",
  };
  const title = `Checkout service (${facts.mode === "dev" ? "development" : "production"}) on ${env.APP_URL}`;
  const notes = notesFor(facts);
  if (logFormat === "json") {
    logger.info({ appUrl: env.APP_URL, ...where }, title);
    for (const note of notes) logger.info(note.join(" ").replace(/\s+/g, " "));
    return;
  }
  const lines = [
    title,
    `  Admin panel:  ${where.adminPanel}`,
    `  Health:       ${where.health}`,
    `  Jobs:         ${where.jobs}`,
    `  Database:     ${where.database}`,
    ...notes.flatMap((note) => ["", ...note]),
  ];
  if (facts.sandboxWarning) {
    const rule = "!".repeat(72);
    lines.push("", rule, `!! WARNING: SANDBOX GATEWAYS ARE ENABLED ON ${env.APP_URL}`, `!! ${facts.sandboxWarning}`, rule);
  }
  process.stdout.write(lines.join("\n") + "\n\n");
}

function notesFor({ demo }: StartFacts): string[][] {
  if (demo.created) {
    return [
      [
        "Demo data created. These credentials are shown only this once:",
        `  Admin user:   ${demo.created.username}`,
        `  Password:     ${demo.created.password}`,
        `  API key:      ${demo.created.apiKey}`,
        `  Webhook key:  ${demo.created.webhookKey}   (signs webhooks; also in the panel's Settings, after your password)`,
      ],
    ];
  }
  if (demo.skipped) {
    return [
      [
        `No demo data: ${demo.skipped}.`,
        `  The installation is empty: create a superuser with ${CREATE_USER}`,
        "  (or, for a trial, start again with DEMO_DATA=on).",
      ],
    ];
  }
  return [[`Lost the admin password? Create another superuser with ${CREATE_USER}`]];
}
