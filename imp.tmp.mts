const t0 = performance.now();
const c0 = process.cpuUsage();
await import("./app/b/checkout/v1/pymt-txn/route.ts");
const t1 = performance.now();
await import("./app/b/pbl/v2/operation/route.ts").catch(() => {});
const t2 = performance.now();
const u = process.cpuUsage(c0);
console.log("first route", (t1 - t0).toFixed(0), "ms; second", (t2 - t1).toFixed(0), "ms; cpu", ((u.user + u.system) / 1000).toFixed(0), "ms");
