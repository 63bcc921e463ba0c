/**
 * `PageLoader`: the centred spinner shown while a page's code or the session is loading. Announced
 * to screen readers through `label` (default 'Loading...').
 */
import { Center, Loader } from '@mantine/core';

export interface PageLoaderProps {
  label?: string;
}

export function PageLoader({ label = 'Loading...' }: PageLoaderProps) {
  return (
    <Center mih="40vh" py="xl" role="status" aria-live="polite" aria-label={label}>
      <Loader />
    </Center>
  );
}
