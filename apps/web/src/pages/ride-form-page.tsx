/**
 * /rides/create and /rides/edit/:id: one form for both modes, decided by the route's id (docs/product.md#ride-form,
 * docs/product.md#delete-confirmation). Edit pre-fills with the domain's
 * `rideToFormValues`; only the organiser may edit, anyone else is sent to /home. Delete asks twice
 * (`useTwoStepConfirm`). After the price lock, a cost or stop price that raises riders' shares asks
 * first, showing each rider's share before and after (docs/payments.md#price-changes). The writes are
 * `use-ride-mutations.ts`'s (each marks every ride stale).
 */
import { Alert, Button, Center, Checkbox, Stack, Text } from '@mantine/core';
import {
  DELETE_CONFIRM_WINDOW_MS,
  formatSgd,
  normaliseDropoffLocations,
  rideToFormValues,
  type RidePayload,
} from '@rideshare/domain';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';

import { useConfirm } from '../components/confirm-action';
import { Page } from '../components/page';
import { PageLoader } from '../components/page-loader';
import { SubmitButton } from '../components/submit-button';
import { useMapServiceConfig } from '../features/map/map-config';
import { RideForm } from '../features/ride-form/ride-form';
import { parseRideId } from '../features/ride/ride-id';
import { EMPTY_RIDE_FORM, type RideFormState } from '../features/ride-form/ride-form-texts';
import { RideLoadError } from '../features/ride/ride-load-error';
import { RideNotFoundCard } from '../features/ride/ride-not-found-card';
import { useTwoStepConfirm } from '../features/ride-form/use-two-step-confirm';
import { RepeatWeeklyFields } from '../features/series/repeat-weekly-fields';
import { useSeriesEdit } from '../features/series/series-scope';
import { useRepeatWeekly } from '../features/series/use-repeat-weekly';
import { useSession } from '../features/session';
import { useCreateRide, useEditRide } from '../features/ride-form/use-ride-mutations';
import { showError } from '../lib/errors';
import { notifyInfo } from '../lib/notify';
import { trpc } from '../lib/trpc';

const NOT_AUTHORIZED_TO_EDIT = 'You are not authorized to edit this ride';

function CreateRide() {
  const navigate = useNavigate();
  const { isVendor } = useSession();
  const { create, createSeries } = useCreateRide();
  const repeat = useRepeatWeekly();
  // docs/announcements.md: offered only when the server has a Discord webhook; ticked by default.
  const discord = useMapServiceConfig().config.discordAnnouncements;
  const [announce, setAnnounce] = useState(true);

  if (isVendor) {
    return (
      <Page title="Create a New Ride">
        <Alert color="yellow" title="Vendors cannot create rides">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Vendor accounts take rides from the dashboard instead of organizing them.</Text>
            <Button component={Link} to="/vendor" size="xs">
              Go to Dashboard
            </Button>
          </Stack>
        </Alert>
      </Page>
    );
  }

  async function save(payload: RidePayload) {
    // docs/series.md#web: with "Repeat weekly" on, one request makes every ride of the series.
    const { date, ...fields } = payload;
    const ride = discord ? { ...fields, announce } : fields;
    const saved = repeat.enabled
      ? (await createSeries.mutateAsync({ ...ride, ...repeat.plan })).rides[0]
      : await create.mutateAsync({ ...ride, date });
    void navigate(saved ? `/rides/${saved.id}` : '/home');
  }

  return (
    <RideForm
      mode="create"
      initialValues={EMPTY_RIDE_FORM}
      pending={create.isPending || createSeries.isPending}
      schedule={{
        node: <RepeatWeeklyFields repeat={repeat} />,
        repeating: repeat.enabled,
        firstDate: repeat.firstDate,
      }}
      onSubmit={save}
      onCancel={() => void navigate('/home')}
      options={
        discord ? (
          <Checkbox
            label="Announce on Discord"
            description="Post this ride in the community's Discord channel and keep it up to date"
            checked={announce}
            onChange={(event) => setAnnounce(event.currentTarget.checked)}
          />
        ) : null
      }
    />
  );
}

function EditRide({ rideId }: { rideId: number }) {
  const navigate = useNavigate();
  const { user, isLoading: sessionLoading } = useSession();
  const utils = trpc.useUtils();
  const ride = trpc.ride.byId.useQuery({ id: rideId });
  const { update, remove } = useEditRide(rideId);
  const seriesEdit = useSeriesEdit();
  const confirm = useTwoStepConfirm(DELETE_CONFIRM_WINDOW_MS);
  const priceRise = useConfirm();
  const refused = useRef(false);

  const notCreator = !!ride.data && !!user && ride.data.creatorId !== user.id;

  useEffect(() => {
    if (!notCreator || refused.current) return;
    refused.current = true;
    showError(NOT_AUTHORIZED_TO_EDIT);
    void navigate('/home', { replace: true });
  }, [notCreator, navigate]);

  if (ride.isPending || sessionLoading || notCreator) return <PageLoader label="Loading ride..." />;
  if (ride.isError) {
    return <RideLoadError title="Edit Ride" size="sm" error={ride.error} onRetry={() => void ride.refetch()} />;
  }

  const current = ride.data;
  const following = seriesEdit.appliesToFollowing(current);

  async function save(payload: RidePayload) {
    if (following) await seriesEdit.save(payload, current);
    else if (await asksForPriceRise(payload)) return;
    else await update.mutateAsync({ id: rideId, ...payload });
    void navigate(`/rides/${rideId}`);
  }

  /** After the lock, a new price that raises a rider's share is shown and confirmed first. */
  async function asksForPriceRise(payload: RidePayload): Promise<boolean> {
    const priceChanged = payload.cost !== current.cost || payload.stopPrice !== current.stopPrice;
    if (!current.priceLockedAt || !priceChanged) return false;
    const preview = await utils.payment.preview.fetch({ rideId, cost: payload.cost, stopPrice: payload.stopPrice });
    const rises = preview.changes.filter((change) => change.after > change.before);
    if (rises.length === 0) return false;
    priceRise.ask({
      title: 'Raise what riders owe?',
      message: (
        <>
          The price is locked. Ride total {formatSgd(preview.totalBefore, 2)} → {formatSgd(preview.totalAfter, 2)}; each
          rider is told why.
          {preview.changes.map((change) => (
            <span key={change.passengerId} style={{ display: 'block' }}>
              {change.name}: {formatSgd(change.before, 2)} → {formatSgd(change.after, 2)}
              {change.topUpDue > 0 ? ` · ${formatSgd(change.topUpDue, 2)} top-up due` : ''}
            </span>
          ))}
        </>
      ),
      confirmLabel: 'Save New Price',
      onConfirm: () => {
        void update
          .mutateAsync({ id: rideId, ...payload, confirmAmounts: true })
          .then(() => navigate(`/rides/${rideId}`))
          // A refusal was shown by the mutation's own toast; the form stays.
          .catch(() => undefined);
      },
    });
    return true;
  }

  function handleDelete() {
    if (!confirm.request()) {
      notifyInfo('Confirm Deletion', 'Click Delete again to confirm. This action cannot be undone.');
      return;
    }
    remove.mutate({ id: rideId }, { onSuccess: () => void navigate('/home', { replace: true }) });
  }

  const prefill = rideToFormValues(current);
  const initialValues: RideFormState = {
    ...prefill,
    dropoffLocations: normaliseDropoffLocations(prefill.dropoffLocations),
  };

  return (
    <RideForm
      key={current.id}
      mode="edit"
      initialValues={initialValues}
      pending={update.isPending || seriesEdit.isPending}
      schedule={following ? { node: seriesEdit.notice, repeating: false, firstDate: null } : undefined}
      onSubmit={save}
      onCancel={() => void navigate(`/rides/${rideId}`)}
      extraActions={
        <SubmitButton
          type="button"
          color="red"
          variant={confirm.armed ? 'filled' : 'light'}
          pending={remove.isPending}
          pendingLabel="Deleting..."
          disabled={remove.isPending || update.isPending}
          onClick={handleDelete}
          aria-describedby={confirm.armed ? 'delete-armed-hint' : undefined}
        >
          Delete Ride
        </SubmitButton>
      }
      footer={
        <>
          {priceRise.modal}
          {confirm.armed ? (
            <Center>
              <Text id="delete-armed-hint" size="sm" c="red" role="status">
                Click Delete Ride again within 5 seconds to delete this ride.
              </Text>
            </Center>
          ) : null}
        </>
      }
    />
  );
}

export function RideFormPage() {
  const { id } = useParams();
  if (id === undefined) return <CreateRide />;
  const rideId = parseRideId(id);
  if (rideId === null) return <RideNotFoundCard />;
  return <EditRide key={rideId} rideId={rideId} />;
}
