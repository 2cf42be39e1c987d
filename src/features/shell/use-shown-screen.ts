import { useMatches, type StaticDataRouteOption } from '@tanstack/react-router';
import { useState } from 'react';

/**
 * The title and trail of the screen on show. While the next screen is still loading (nothing of it
 * rendered yet, its messages perhaps not loaded) the last screen's stay: the tab title and the
 * breadcrumbs never name a screen that is not there, nor show a message id.
 */
export function useShownScreen(): StaticDataRouteOption | null {
  // A route's own static data (or null, or undefined while loading): it changes only with the screen.
  const screen = useMatches({
    select: (matches) =>
      matches.some((match) => match.status === 'pending')
        ? undefined
        : ([...matches].reverse().find((match) => match.staticData.title)?.staticData ?? null),
  });
  const [kept, setKept] = useState(screen ?? null);
  if (screen !== undefined && screen !== kept) setKept(screen);
  return screen === undefined ? kept : screen;
}
