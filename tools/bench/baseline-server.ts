// The baseline: a bare node:http server doing what a create and a read need at minimum, one SQL statement each, and
// what the payment page needs at minimum: the transaction by its session id, in a small HTML form.
// Run as its own process (`node --import tsx tools/bench/baseline-server.ts <port> <database url>`).
import { randomBytes } from "node:crypto";
import http from "node:http";
import pg from "pg";

const [port, url] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 20 });

const server = http.createServer(async (req, res) => {
  try {
    if (req.url === "/health") return send(res, 200, { status: "ok" });
    if (req.method === "POST" && req.url === "/baseline") {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      const { rows } = await pool.query(
        `INSERT INTO bench_baseline (session_id, amount, currency, pg_codes) VALUES ($1, $2, $3, $4) RETURNING *`,
        [randomBytes(20).toString("hex"), body.amount, body.currency_code, body.pg_codes],
      );
      return send(res, 201, rows[0]);
    }
    const session = req.method === "GET" ? /^\/page\/([0-9a-f]{40})$/.exec(req.url ?? "")?.[1] : undefined;
    if (session) {
      const { rows } = await pool.query(`SELECT amount, currency_code FROM transactions WHERE session_id = $1`, [session]);
      if (!rows[0]) return send(res, 404, { detail: "Not found." });
      const html = `<!doctype html><html lang="en"><title>Pay</title><h1>Pay</h1><p>${rows[0].currency_code} ${rows[0].amount}</p><form method="post" action="/pay"><input type="hidden" name="session_id" value="${session}"><button>Pay</button></form></html>`;
      return res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(html);
    }
    const id = req.method === "GET" ? /^\/baseline\/(\d+)$/.exec(req.url ?? "")?.[1] : undefined;
    if (id) {
      const { rows } = await pool.query(`SELECT * FROM bench_baseline WHERE id = $1`, [id]);
      return rows[0] ? send(res, 200, rows[0]) : send(res, 404, { detail: "Not found." });
    }
    send(res, 404, { detail: "Not found." });
  } catch (error) {
    send(res, 500, { detail: String(error) });
  }
});

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

server.listen(Number(port), "127.0.0.1");
process.on("SIGTERM", () => {
  server.close(() => void pool.end().then(() => process.exit(0)));
  server.closeAllConnections();
});
