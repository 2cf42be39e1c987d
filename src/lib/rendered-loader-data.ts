/**
 * The loader data the server rendered the first screen with, by route id. The browser's first
 * load of each such route takes it instead of asking again, so hydration waits on no call and
 * shows exactly what the server showed; every later load asks the server.
 */
const kept = new Map<string, unknown>();

/** Keeps the server's loader data for the browser's first load of each route. */
export function keepRenderedLoaderData(data: Record<string, unknown>): void {
  for (const [routeId, value] of Object.entries(data)) kept.set(routeId, value);
}

/** Runs a route's loader or, the first time after a server-rendered page, returns what the server's run of it returned. */
export function loadOnce<T>(routeId: string, load: () => Promise<T>): Promise<T> {
  if (!kept.has(routeId)) return load();
  const data = kept.get(routeId);
  kept.delete(routeId);
  // The same loader returned it on the server, for this route and this visitor.
  return Promise.resolve(data as T);
}
