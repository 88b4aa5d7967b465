/**
 * Polls `check` until it returns something truthy and returns that; fails after `ms` naming `what`. The one way
 * tests wait for something that happens a moment later (a job, a notice, a delivery): on the real condition,
 * never a fixed sleep.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  options: { ms?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + (options.ms ?? 15_000);
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`never happened: ${options.what ?? "the condition"}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
