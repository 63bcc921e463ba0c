/**
 * `PhoneNotificationsCard` (profile): the "Phone notifications" switch
 * (docs/product.md#phone-notifications). On: asks the browser's permission, subscribes it through
 * the service worker and gives the server the subscription; off: tells the server, then
 * unsubscribes. Disabled, with the reason, where the browser has no push support or notifications
 * are blocked. The outcome is announced in a polite live region; a failure in an alert.
 */
import { Alert, Switch, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';

import { SectionCard } from '../../components/section-card';
import { errorMessage, isApiError } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import {
  currentSubscription,
  NOTIFICATIONS_BLOCKED_SENTENCE,
  NotificationsBlockedError,
  pushUnavailableReason,
  subscribeBrowser,
} from './browser-push';
import { usePushCalls } from './use-push-calls';

type State = 'checking' | 'on' | 'off';

export function PhoneNotificationsCard() {
  const [unavailable] = useState(pushUnavailableReason);
  const [state, setState] = useState<State>(unavailable ? 'off' : 'checking');
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const utils = trpc.useUtils();
  const { subscribe, unsubscribe } = usePushCalls();

  useEffect(() => {
    if (unavailable) return;
    let live = true;
    currentSubscription()
      .then((subscription) => {
        if (live) setState(subscription ? 'on' : 'off');
      })
      .catch(() => {
        if (live) setState('off');
      });
    return () => {
      live = false;
    };
  }, [unavailable]);

  const turnOn = async () => {
    const { publicKey } = await utils.push.key.fetch();
    await subscribe.mutateAsync(await subscribeBrowser(publicKey));
    setState('on');
    setAnnouncement('Phone notifications are on for this browser.');
  };

  const turnOff = async () => {
    const subscription = await currentSubscription();
    if (subscription) {
      await unsubscribe.mutateAsync({ endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    }
    setState('off');
    setAnnouncement('Phone notifications are off for this browser.');
  };

  const toggle = async (on: boolean) => {
    setBusy(true);
    setFailure(null);
    setBlocked(false);
    try {
      await (on ? turnOn() : turnOff());
    } catch (error) {
      if (error instanceof NotificationsBlockedError) {
        setBlocked(true);
        return;
      }
      setFailure(!isApiError(error) && error instanceof Error ? error.message : errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionCard
      titleId="phone-notifications-title"
      title="Phone notifications"
      description={
        <>
          Get what your inbox gets on this device too: cancellations, seats offered from the waitlist, changes to your
          rides.
        </>
      }
    >
      <Switch
        label="Phone notifications"
        description={unavailable ?? (state === 'checking' ? 'Checking this browser…' : undefined)}
        checked={state === 'on'}
        disabled={unavailable !== null || state === 'checking' || busy}
        onChange={(event) => void toggle(event.currentTarget.checked)}
      />
      {blocked ? (
        <Alert color="yellow" role="status" title="Notifications are blocked" data-testid="notifications-blocked">
          {NOTIFICATIONS_BLOCKED_SENTENCE}
        </Alert>
      ) : null}
      {failure ? (
        <Alert color="red" role="alert" title="Could not change phone notifications">
          {failure}
        </Alert>
      ) : null}
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </SectionCard>
  );
}
