/**
 * `LiveUpdates`: the app shell's one live event stream (see use-live-events.ts), opened once the
 * session is known and opened again whenever the signed-in user changes (a visitor's stream never
 * carries a member's inbox events, and a member's own start flowing as soon as they sign in).
 * While a dropped stream has been reconnecting for a few seconds, a polite status line says so;
 * screens keep working meanwhile, and the missed changes are fetched once it is back.
 */
import { Container, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

import { useSession } from '../session';
import { useLiveEvents } from './use-live-events';

/** Short drops (a server restart, a proxy's idle timeout) reconnect without a word. */
export const RECONNECTING_NOTICE_DELAY_MS = 5_000;

function LiveStream({ enabled }: { enabled: boolean }) {
  const status = useLiveEvents({ enabled });
  const [showNotice, setShowNotice] = useState(false);
  useEffect(() => {
    if (status !== 'reconnecting') {
      setShowNotice(false);
      return undefined;
    }
    const timer = setTimeout(() => setShowNotice(true), RECONNECTING_NOTICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status]);
  return (
    <div role="status" aria-live="polite">
      {showNotice ? (
        <Container size="lg" py={4}>
          <Text size="sm" c="dimmed" ta="center">
            Live updates paused: reconnecting… Changes made meanwhile will appear once connected.
          </Text>
        </Container>
      ) : null}
    </div>
  );
}

export function LiveUpdates() {
  const { user, isLoading } = useSession();
  return <LiveStream key={user ? `user-${String(user.id)}` : 'visitor'} enabled={!isLoading} />;
}
