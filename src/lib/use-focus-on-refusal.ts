import { useCallback, useEffect, useEffectEvent, useState } from 'react';

/**
 * Moves focus to the first field to fix after each refused submit, once the render that attaches
 * its error message has happened (so a screen reader reads the field with its message). Returns
 * what the form calls when it refuses a submit.
 */
export function useFocusOnRefusal(firstInvalid: () => HTMLElement | null | undefined): () => void {
  const [refusals, setRefusals] = useState(0);
  const focusFirstInvalid = useEffectEvent(() => firstInvalid()?.focus());
  useEffect(() => {
    if (refusals > 0) focusFirstInvalid();
  }, [refusals]);
  return useCallback(() => setRefusals((count) => count + 1), []);
}

/**
 * The same for a form whose machine counts its refusals (by the rules at once, or by the server
 * later): each new count moves the focus to the first field to fix, after the render that shows
 * its message.
 */
export function useFocusOnRefusals(refusals: number, firstInvalid: () => HTMLElement | null | undefined): void {
  const focusFirstInvalid = useEffectEvent(() => firstInvalid()?.focus());
  useEffect(() => {
    if (refusals > 0) focusFirstInvalid();
  }, [refusals]);
}
