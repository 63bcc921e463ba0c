/**
 * "This ride" or "This and following rides" for a ride of a weekly series
 * (docs/series.md#this-and-following):
 *
 * - `<EditRideButton ride />`: the organiser's 'Edit Ride'. A single ride goes straight to its edit
 *   form; a series ride first asks which rides, and "This and following rides" opens the form with
 *   `?scope=following`.
 * - `useSeriesCancel(ride)`: the scope choice the Cancel Ride modal shows for a series ride, and the
 *   series cancel it then runs (leaving for the ride list when the ride itself was deleted).
 * - `useSeriesEdit()`: on the edit form, whether the change is for this and following rides, the
 *   notice saying so, and the save through `series.update`.
 */
import { Alert, Button, Modal, Radio, Stack, Text } from '@mantine/core';
import { toSingaporeInputValue, type RidePayload } from '@rideshare/domain';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';

import { useUpdateSeries, type CancelSeriesCall } from './use-series-mutations';

type SeriesRide = { id: number; seriesId?: number | null; date: string };
type Scope = 'this' | 'following';

const FOLLOWING = 'following';

export function EditRideButton({ ride }: { ride: SeriesRide }) {
  const [opened, setOpened] = useState(false);
  const editPath = `/rides/edit/${ride.id}`;
  if (ride.seriesId == null) {
    return (
      <Button component={Link} to={editPath} variant="light">
        Edit Ride
      </Button>
    );
  }
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)}>
        Edit Ride
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Edit which rides?" centered>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            This ride is part of a weekly series.
          </Text>
          <Button component={Link} to={editPath} variant="light">
            This ride
          </Button>
          <Button component={Link} to={`${editPath}?scope=${FOLLOWING}`}>
            This and following rides
          </Button>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * The Cancel Ride modal's scope choice and series cancel for a series ride (nothing for a single
 * ride), through the modal's `series.cancel` call (`useCancelRide`), which tells the outcome.
 */
export function useSeriesCancel(
  ride: Pick<SeriesRide, 'id' | 'seriesId'>,
  cancelSeries: CancelSeriesCall,
): {
  choice: ReactNode;
  following: boolean;
  isPending: boolean;
  reset: () => void;
  run: (reason: string) => Promise<void>;
} {
  const [scope, setScope] = useState<Scope>('this');
  const navigate = useNavigate();
  const seriesId = ride.seriesId ?? null;
  return {
    choice:
      seriesId === null ? null : (
        <Radio.Group
          label="Which rides?"
          description="This ride is part of a weekly series"
          value={scope}
          onChange={(value) => setScope(value === FOLLOWING ? FOLLOWING : 'this')}
        >
          <Stack gap={6} mt={6}>
            <Radio value="this" label="This ride" />
            <Radio
              value={FOLLOWING}
              label="This and following rides"
              description="Rides nobody else is on are deleted; the others are cancelled and everyone on them is told"
            />
          </Stack>
        </Radio.Group>
      ),
    following: seriesId !== null && scope === FOLLOWING,
    isPending: cancelSeries.isPending,
    reset: () => setScope('this'),
    run: async (reason) => {
      if (seriesId === null) return;
      const series = await cancelSeries.mutateAsync({ id: seriesId, fromRideId: ride.id, reason });
      // A ride only its organiser was on is deleted rather than cancelled: its page is gone.
      if (!series.rides.some((other) => other.id === ride.id)) void navigate('/home', { replace: true });
    },
  };
}

const timeOf = (date: string): string => toSingaporeInputValue(date).slice(11);

/** The edit form's "this and following" mode, read from `?scope=following` on a series ride. */
export function useSeriesEdit(): {
  appliesToFollowing: (ride: SeriesRide) => boolean;
  notice: ReactNode;
  isPending: boolean;
  save: (payload: RidePayload, ride: SeriesRide) => Promise<void>;
} {
  const [params] = useSearchParams();
  const updateSeries = useUpdateSeries();
  return {
    appliesToFollowing: (ride) => ride.seriesId != null && params.get('scope') === FOLLOWING,
    notice: (
      <Alert color="grape" variant="light" title="This and following rides" data-testid="series-edit-scope">
        Your changes apply to this ride and every later ride of its weekly series. Each ride keeps its own day; a new
        time applies to all of them.
      </Alert>
    ),
    isPending: updateSeries.isPending,
    save: async (payload, ride) => {
      if (ride.seriesId == null) return;
      const { date, ...fields } = payload;
      // Only a changed time moves the rides: each keeps its own day (and a time set on it alone, otherwise).
      const time = timeOf(date) === timeOf(ride.date) ? {} : { time: timeOf(date) };
      await updateSeries.mutateAsync({ id: ride.seriesId, fromRideId: ride.id, ...fields, ...time });
    },
  };
}
