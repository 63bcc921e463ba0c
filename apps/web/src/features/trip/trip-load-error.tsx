/** "Could not load the trip" with a retry, for the Trip card and the shared trip page alike. */
import { LoadErrorAlert } from '../../components/load-error-alert';

export interface TripLoadErrorProps {
  query: { error: unknown; isFetching: boolean; refetch: () => unknown };
}

export function TripLoadError({ query }: TripLoadErrorProps) {
  return (
    <LoadErrorAlert
      title="Could not load the trip"
      error={query.error}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      retryVariant="light"
    />
  );
}
