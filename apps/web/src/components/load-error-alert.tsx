/**
 * `LoadErrorAlert`: the red box shown where a query failed: `title`, the API's reason
 * (`errorMessage(error)`) and a 'Try again' button that calls `onRetry`. Every list, tab and page
 * that loads data shows a failed load this one way.
 *
 * - `variant`: 'filled' when the alert is all a page shows; 'light' (default) inside a tab or card.
 * - `retryVariant`: the button's look; 'white' (default) or 'light'.
 * - `retrying`: shows the button's spinner while the refetch runs.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';

import { errorMessage } from '../lib/errors';

export interface LoadErrorAlertProps {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  variant?: 'filled' | 'light';
  retryVariant?: 'white' | 'light';
}

export function LoadErrorAlert({
  title,
  error,
  onRetry,
  retrying,
  variant = 'light',
  retryVariant = 'white',
}: LoadErrorAlertProps) {
  return (
    <Alert color="red" variant={variant} title={title}>
      {/* A filled alert stands alone on its page, so it gets a little more air. */}
      <Stack gap={variant === 'filled' ? 'sm' : 'xs'} align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant={retryVariant} color="red" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
