/**
 * One value per process under `name`, made by `create` the first time. The web server and each bundle of the
 * build (the proxy, the pages, the route handlers) hold their own copy of a module, so a module-level value would
 * be one per bundle; this one is on globalThis, under a symbol of the shared registry.
 */
export function processWide<T>(name: string, create: () => T): T {
  const holder = globalThis as Record<symbol, unknown>;
  const key = Symbol.for(`checkout.${name}`);
  return (holder[key] ??= create()) as T;
}
