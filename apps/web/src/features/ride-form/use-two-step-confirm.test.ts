import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useTwoStepConfirm } from './use-two-step-confirm';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useTwoStepConfirm', () => {
  it('arms on the first request and confirms on a second one inside the window, then disarms', () => {
    const { result } = renderHook(() => useTwoStepConfirm(5000));
    let confirmed = true;
    act(() => {
      confirmed = result.current.request();
    });
    expect(confirmed).toBe(false);
    expect(result.current.armed).toBe(true);

    act(() => {
      vi.advanceTimersByTime(4999);
    });
    act(() => {
      confirmed = result.current.request();
    });
    expect(confirmed).toBe(true);
    expect(result.current.armed).toBe(false);

    // Disarmed after confirming: the next click starts over.
    act(() => {
      confirmed = result.current.request();
    });
    expect(confirmed).toBe(false);
  });

  it('disarms by itself when the window runs out', () => {
    const { result } = renderHook(() => useTwoStepConfirm(5000));
    act(() => {
      result.current.request();
    });
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(result.current.armed).toBe(false);
    let confirmed = true;
    act(() => {
      confirmed = result.current.request();
    });
    expect(confirmed).toBe(false);
    expect(result.current.armed).toBe(true);
  });

  it('sees two requests in the same tick as a confirmation', () => {
    const { result } = renderHook(() => useTwoStepConfirm(5000));
    const answers: boolean[] = [];
    act(() => {
      answers.push(result.current.request(), result.current.request());
    });
    expect(answers).toEqual([false, true]);
  });
});
