/**
 * /rides/:id/manifest (docs/vendors.md#manifest): the driver's manifest for the ride's organiser and
 * its approved assigned vendor (anyone else reads the server's refusal). 'Print' prints the sheet
 * alone on one A4 page; 'Copy for WhatsApp' copies it as plain text (domain `manifestText`) with a
 * notification; the stops picked on the map show on a map, which the printout leaves out.
 */
import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { manifestText } from '@rideshare/domain';
import { Link, useParams } from 'react-router-dom';

import { LoadErrorAlert } from '../components/load-error-alert';
import { Page, usePageTitle } from '../components/page';
import { ManifestView } from '../features/manifest/manifest-view';
import { StopsMap } from '../features/map';
import { parseRideId } from '../features/ride/ride-id';
import { RideNotFoundCard } from '../features/ride/ride-not-found-card';
import { copyWithToast } from '../lib/clipboard';
import { errorCode, errorMessage } from '../lib/errors';
import { trpc } from '../lib/trpc';

function ManifestSkeleton() {
  usePageTitle('Ride Manifest');
  return (
    <Stack gap="md" px="md" py="lg" maw={900} mx="auto" role="status" aria-label="Loading manifest...">
      <Skeleton height={36} width="50%" />
      <Skeleton height={120} radius="md" />
      <Skeleton height={240} radius="md" />
    </Stack>
  );
}

export function ManifestPage() {
  const rideId = parseRideId(useParams().id);
  const query = trpc.ride.manifest.useQuery({ id: rideId ?? 0 }, { enabled: rideId !== null, retry: false });

  if (rideId === null) return <RideNotFoundCard />;
  if (query.isLoading) return <ManifestSkeleton />;
  if (query.error) {
    const code = errorCode(query.error);
    if (code === 'NOT_FOUND') return <RideNotFoundCard />;
    return (
      <Page title="Ride Manifest">
        {code === 'FORBIDDEN' ? (
          <Alert color="red" variant="light" title="Not available" role="alert">
            {errorMessage(query.error)}
          </Alert>
        ) : (
          <LoadErrorAlert
            title="Could not load the manifest"
            error={query.error}
            onRetry={() => void query.refetch()}
            retryVariant="light"
          />
        )}
      </Page>
    );
  }
  const manifest = query.data;
  if (!manifest) return <RideNotFoundCard />;

  return (
    <Page
      title="Ride Manifest"
      actions={
        <Stack gap="xs" data-print="hide">
          <Button.Group>
            <Button
              onClick={() =>
                void copyWithToast(manifestText(manifest), {
                  title: 'Manifest copied',
                  message: 'Paste it into your WhatsApp chat.',
                })
              }
            >
              Copy for WhatsApp
            </Button>
            <Button variant="default" onClick={() => window.print()}>
              Print
            </Button>
          </Button.Group>
          <Group gap={4} justify="flex-end">
            <Button component={Link} to={`/rides/${String(manifest.rideId)}#trip`} variant="subtle" size="xs">
              Trip day
            </Button>
            <Button component={Link} to={`/rides/${String(manifest.rideId)}`} variant="subtle" size="xs">
              Back to the ride
            </Button>
          </Group>
        </Stack>
      }
    >
      <ManifestView manifest={manifest} />
      <div data-print="hide">
        <StopsMap
          label="Map of the stops in order"
          stops={manifest.stops.map((stop) => ({
            id: stop.passengerId,
            name: stop.name,
            location: stop.location,
            coordinates: stop.coordinates,
          }))}
        />
      </div>
    </Page>
  );
}
