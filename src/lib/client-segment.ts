const clientCodePattern = /^[A-Za-z]{2,4}$/;

/** Is this a client code (2 to 4 letters)? */
export function isClientCode(value: string): boolean {
  return clientCodePattern.test(value);
}

/** Parses the optional first segment: a client code, nothing, or `false` (no match). */
export function parseClientSegment(raw: { client?: string }): { client?: string } | false {
  if (raw.client === undefined || raw.client === '') return { client: undefined };
  return isClientCode(raw.client) ? { client: raw.client } : false;
}
