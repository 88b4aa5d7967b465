// A page in Debian's Chromium: the scripts it loads, and its Largest Contentful Paint on an emulated phone over a slow
// network, first visit.
import { type Browser, chromium, devices, type Page } from "playwright-core";
import { summarize, type Summary } from "../shared/stats";

export const LCP_LOADS = 10;
/** The phone profile: 4× CPU slowdown, 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip (DevTools protocol). */
export const PHONE_PROFILE = { cpuSlowdown: 4, downloadKbps: 1600, uploadKbps: 750, latencyMs: 150 };

const launch = () =>
  chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });

export async function withBrowser<T>(work: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await launch();
  try {
    return await work(browser);
  } finally {
    await browser.close();
  }
}

/**
 * The addresses of every script the page makes the browser fetch until the network is idle: those in its HTML,
 * and the client components' chunks the React Server Components runtime loads afterwards. `cookie`: a signed-in
 * session's, for the admin panel.
 */
export function loadedScripts(url: string, cookie?: string): Promise<string[]> {
  return withBrowser(async (browser) => {
    const page = await browser.newPage({ extraHTTPHeaders: cookie ? { cookie } : {} });
    const scripts = new Set<string>();
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.add(request.url());
    });
    await page.goto(url, { waitUntil: "networkidle" });
    return [...scripts];
  });
}

/** A new browser context (an empty cache) and page with the phone profile: a Pixel 7, its CPU and network slowed. */
export async function onPhone(browser: Browser) {
  const context = await browser.newContext({ ...devices["Pixel 7"] });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: PHONE_PROFILE.latencyMs,
    downloadThroughput: (PHONE_PROFILE.downloadKbps * 1000) / 8,
    uploadThroughput: (PHONE_PROFILE.uploadKbps * 1000) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE_PROFILE.cpuSlowdown });
  return { context, page };
}

/** Loads `url` LCP_LOADS times, each in a new browser context (an empty cache), and returns its LCP, ms. */
export function measureLcp(url: string): Promise<Summary> {
  return withBrowser(async (browser) => {
    const samples: number[] = [];
    for (let i = 0; i < LCP_LOADS; i++) {
      const { context, page } = await onPhone(browser);
      const response = await page.goto(url, { waitUntil: "load", timeout: 60_000 });
      if (response?.status() !== 200) throw new Error(`GET ${url} answered ${response?.status()}`);
      samples.push(await largestContentfulPaint(page));
      await context.close();
    }
    return summarize(samples);
  });
}

/** The page's latest LCP entry after load (the buffered observer sees the entries already recorded). */
function largestContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]!.startTime);
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
}
