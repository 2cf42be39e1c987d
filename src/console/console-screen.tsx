import type { ReactNode } from 'react';
import { OfficeFailed } from './office-load-failed';
import type { ScreenLoad, SignedInFrame } from './screen-loads';

/**
 * A console screen as its route loaded it: nothing while signed out (the frame shows the
 * sign-in), why it failed, or the screen (`children`) with its data and the signed-in frame.
 */
export function ConsoleScreen<T>({ loaded, children }: { loaded: ScreenLoad<T>; children: (data: T, frame: SignedInFrame) => ReactNode }) {
  if (loaded.shown === 'signedOut') return null;
  if (loaded.shown === 'failed') return <OfficeFailed failure={loaded.failure} />;
  return children(loaded.data, loaded);
}
