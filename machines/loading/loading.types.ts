export interface LoadingContext {
  /** Calls in flight, as the api module reports them. */
  inFlight: number;
}

export type LoadingEvent = { type: 'loading.start' } | { type: 'loading.end' };

export type LoadingTag = 'overlay';
