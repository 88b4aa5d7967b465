import { chromium } from "@playwright/test";
import { readFileSync, readdirSync } from "node:fs";
const KEY = process.env.KEY, BASE = "http://127.0.0.1:3300";
function chromeTicks() {
  let t = 0;
  for (const p of readdirSync("/proc")) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const cmd = readFileSync(`/proc/${p}/cmdline`, "utf8");
      if (!cmd.includes("chromium")) continue;
      const f = readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ");
      t += Number(f[11]) + Number(f[12]);
    } catch {}
  }
  return t;
}
async function create() {
  const r = await fetch(`${BASE}/b/checkout/v1/pymt-txn/`, { method: "POST", headers: { authorization: `Api-Key ${KEY}`, "content-type": "application/json" }, body: JSON.stringify({ type: "e_commerce", pg_codes: ["sandbox"], amount: "10.000", currency_code: "KWD" }) });
  const j = await r.json(); if (!j.checkout_url) throw new Error(JSON.stringify(j)); return j.checkout_url;
}
const browser = await chromium.launch({ executablePath: "/usr/lib/chromium/chromium-headless-shell", args: ["--no-sandbox", "--disable-gpu"] });
const N = 15;
for (const [name, js, urlf] of [["pay page js", true, create], ["pay page nojs", false, create], ["login js", true, async () => `${BASE}/admin/login`], ["login nojs", false, async () => `${BASE}/admin/login`], ["blank", true, async () => "about:blank"]]) {
  const urls = []; for (let i = 0; i < N; i++) urls.push(await urlf());
  const t0 = chromeTicks(), w0 = Date.now();
  for (const u of urls) {
    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const page = await ctx.newPage();
    await page.goto(u, { waitUntil: "load" });
    await page.waitForTimeout(0);
    await ctx.close();
  }
  console.log(name, "chromium CPU ms/page", ((chromeTicks() - t0) * 10 / N).toFixed(0), "wall ms/page", ((Date.now() - w0) / N).toFixed(0));
}
await browser.close();
