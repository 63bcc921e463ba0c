/**
 * The create form's "Repeat weekly" state (docs/series.md#web): weekdays, one time, a start and an
 * until date, and the live preview of the dates from the domain's `expandSeriesDates` (the very
 * rule the server applies), so a limit is shown before anything is sent.
 */
import { expandSeriesDates, toSingaporeInputValue, type SeriesDates, type SeriesPlan } from '@rideshare/domain';
import { useMemo, useState } from 'react';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A new series starts tomorrow and runs four weeks unless changed. */
const DEFAULT_WEEKS = 4;

export interface RepeatWeekly {
  enabled: boolean;
  plan: SeriesPlan & { weekdays: number[] };
  preview: SeriesDates;
  /** The first departure as the date-time picker holds it, or null while the preview refuses. */
  firstDate: string | null;
  setEnabled: (enabled: boolean) => void;
  update: (change: Partial<SeriesPlan & { weekdays: number[] }>) => void;
}

/** Singapore calendar day `days` after `now`, 'YYYY-MM-DD'. */
function singaporeDay(now: Date, days: number): string {
  return toSingaporeInputValue(new Date(now.getTime() + days * DAY_MS)).slice(0, 10);
}

/** ISO weekday (1 Monday … 7 Sunday) of a 'YYYY-MM-DD' day. */
function weekdayOf(day: string): number {
  return ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

export function useRepeatWeekly(now: Date = new Date()): RepeatWeekly {
  const [clock] = useState(now);
  const [enabled, setEnabled] = useState(false);
  const [plan, setPlan] = useState(() => {
    const fromDate = singaporeDay(clock, 1);
    return {
      weekdays: [weekdayOf(fromDate)],
      time: '08:00',
      fromDate,
      untilDate: singaporeDay(clock, DEFAULT_WEEKS * 7),
    };
  });
  const preview = useMemo(() => expandSeriesDates(plan, clock), [plan, clock]);
  const first = preview.ok ? preview.dates[0] : undefined;
  return {
    enabled,
    plan,
    preview,
    firstDate: first ? toSingaporeInputValue(first) : null,
    setEnabled,
    update: (change) => setPlan((current) => ({ ...current, ...change })),
  };
}
