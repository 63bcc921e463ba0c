/**
 * `RideLoadError`: what a page built around one ride (join, edit) shows when `ride.byId` failed:
 * 'Ride Not Found' for an unknown id, otherwise the page `title` with 'The ride could not be
 * loaded', the reason and 'Try again' (`onRetry`).
 */
import { LoadErrorAlert } from '../../components/load-error-alert';
import { Page, type PageProps } from '../../components/page';
import { errorCode } from '../../lib/errors';
import { RideNotFoundCard } from './ride-not-found-card';

export interface RideLoadErrorProps {
  title: string;
  size?: PageProps['size'];
  error: unknown;
  onRetry: () => void;
}

export function RideLoadError({ title, size, error, onRetry }: RideLoadErrorProps) {
  if (errorCode(error) === 'NOT_FOUND') return <RideNotFoundCard />;
  return (
    <Page title={title} size={size}>
      <LoadErrorAlert variant="filled" title="The ride could not be loaded" error={error} onRetry={onRetry} />
    </Page>
  );
}
