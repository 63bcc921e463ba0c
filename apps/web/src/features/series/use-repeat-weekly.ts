/**
 * The create form's "Repeat weekly" state (docs/series.md#web): weekdays, one time, a start and an
 * until date, and the live preview of the dates from the domain's `expandSeriesDates` (the very
 * rule the server applies), so a limit is shown before anything is sent. Until the member touches
 * the weekday chips, the chosen weekday is the start date's and follows it when it changes; once
 * they pick weekdays, their choice stands.
 */
import {
  expandSeriesDates,
  toSingaporeInputValue,
  weekdayOfDay,
  type SeriesDates,
  type SeriesPlan,
} from '@rideshare/domain';
import { useMemo, useState } from 'react';

import { useClock } from '../../lib/clock';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A new series starts tomorrow and runs four weeks unless changed. */
const DEFAULT_WEEKS = 4;

type Plan = SeriesPlan & { weekdays: number[] };

export interface RepeatWeekly {
  enabled: boolean;
  plan: Plan;
  preview: SeriesDates;
  /** The first departure as the date-time picker holds it, or null while the preview refuses. */
  firstDate: string | null;
  setEnabled: (enabled: boolean) => void;
  update: (change: Partial<Plan>) => void;
}

/** Singapore calendar day `days` after `now`, 'YYYY-MM-DD'. */
function singaporeDay(now: Date, days: number): string {
  return toSingaporeInputValue(new Date(now.getTime() + days * DAY_MS)).slice(0, 10);
}

/** The start date's weekday alone, or the weekdays as they were while the date is unreadable. */
function followStartDate(plan: Plan): Plan {
  const weekday = weekdayOfDay(plan.fromDate);
  return weekday === null ? plan : { ...plan, weekdays: [weekday] };
}

export function useRepeatWeekly(): RepeatWeekly {
  const clock = useClock();
  // "Now" for this form is when it opened: the defaults and the preview's "in the future" check.
  const [opened] = useState(() => clock());
  const [enabled, setEnabled] = useState(false);
  const [weekdaysChosen, setWeekdaysChosen] = useState(false);
  const [plan, setPlan] = useState<Plan>(() =>
    followStartDate({
      weekdays: [],
      time: '08:00',
      fromDate: singaporeDay(opened, 1),
      untilDate: singaporeDay(opened, DEFAULT_WEEKS * 7),
    }),
  );
  const preview = useMemo(() => expandSeriesDates(plan, opened), [plan, opened]);
  const first = preview.ok ? preview.dates[0] : undefined;
  return {
    enabled,
    plan,
    preview,
    firstDate: first ? toSingaporeInputValue(first) : null,
    setEnabled,
    update: (change) => {
      const chosenNow = weekdaysChosen || change.weekdays !== undefined;
      if (change.weekdays !== undefined) setWeekdaysChosen(true);
      setPlan((current) => {
        const next = { ...current, ...change };
        return chosenNow ? next : followStartDate(next);
      });
    },
  };
}
