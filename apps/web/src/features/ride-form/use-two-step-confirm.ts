/**
 * `useTwoStepConfirm(windowMs)`: the "click again to confirm" pattern of Delete Ride
 * (docs/product.md#delete-confirmation). `request()` returns false on a first click (and arms the confirmation for `windowMs`),
 * true on a second click inside that window (and disarms). The armed state also resets by itself
 * when the window runs out, and on unmount.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface TwoStepConfirm {
  armed: boolean;
  /** Call on every click: false means "now armed, ask again", true means "confirmed, go ahead". */
  request: () => boolean;
  reset: () => void;
}

export function useTwoStepConfirm(windowMs: number): TwoStepConfirm {
  const [armed, setArmed] = useState(false);
  // A ref as well as state: two clicks in the same frame must see each other.
  const armedRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clearTimer = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const reset = useCallback(() => {
    clearTimer();
    armedRef.current = false;
    setArmed(false);
  }, [clearTimer]);

  const request = useCallback(() => {
    if (armedRef.current) {
      reset();
      return true;
    }
    armedRef.current = true;
    setArmed(true);
    clearTimer();
    timer.current = setTimeout(reset, windowMs);
    return false;
  }, [clearTimer, reset, windowMs]);

  useEffect(() => clearTimer, [clearTimer]);

  return { armed, request, reset };
}
