import { apiBase, type EndpointCall, type QueryInput } from '@contracts/endpoint';

/** The address of a declared endpoint with its query, for a link rather than a call (a PDF to download). */
export function endpointUrl<D extends EndpointCall>(endpoint: D, query: QueryInput<D>): string {
  const parameters = Object.entries(query as Record<string, string | undefined>).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return `${apiBase}${endpoint.path}?${new URLSearchParams(parameters).toString()}`;
}
