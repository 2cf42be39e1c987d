import { useMatches, type StaticDataRouteOption } from '@tanstack/react-router';
import { useState } from 'react';

/**
 * A match's screen: its route's static data or, when its loader names the title (a console screen
 * while signed out names the console), the loader's data, the same object for the same load.
 */
const screenOf = ({ staticData, loaderData }: { staticData: StaticDataRouteOption; loaderData?: unknown }): StaticDataRouteOption =>
  typeof loaderData === 'object' && loaderData !== null && 'title' in loaderData ? (loaderData as StaticDataRouteOption) : staticData;

/**
 * The title and trail of the screen on show. While the next screen is still loading (nothing of it
 * rendered yet, its messages perhaps not loaded) the last screen's stay: the tab title and the
 * breadcrumbs never name a screen that is not there, nor show a message id.
 */
export function useShownScreen(): StaticDataRouteOption | null {
  // A route's own static data (or null, or undefined while loading): it changes only with the screen.
  const screen = useMatches({
    select: (all) => {
      // A route that failed shows its error screen: the routes under it never load.
      const failed = all.findIndex((match) => match.status === 'error');
      const matches = failed === -1 ? all : all.slice(0, failed + 1);
      return matches.some((match) => match.status === 'pending') ? undefined : ([...matches].reverse().map(screenOf).find((screen) => screen.title) ?? null);
    },
  });
  const [kept, setKept] = useState(screen ?? null);
  if (screen !== undefined && screen !== kept) setKept(screen);
  return screen === undefined ? kept : screen;
}
