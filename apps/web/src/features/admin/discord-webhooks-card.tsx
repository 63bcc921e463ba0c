/**
 * `DiscordWebhooksCard`: the Discord announcements' webhooks (docs/announcements.md#disabled). A
 * webhook that answered 401 or 404 is disabled and shows a warning naming its setting; the operator
 * replaces its URL and restarts. Renders nothing while no webhook is configured.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { formatRideDate } from '@rideshare/domain';

import { SectionCard } from '../../components/section-card';
import { trpc } from '../../lib/trpc';

export function DiscordWebhooksCard() {
  const hooks = trpc.admin.discordWebhooks.useQuery();
  if (!hooks.data || hooks.data.length === 0) return null;
  return (
    <SectionCard
      titleId="discord-webhooks-title"
      title="Discord announcements"
      description="The webhooks rides are announced through."
    >
      <Stack gap="sm">
        {hooks.data.map((hook) =>
          hook.disabledAt ? (
            <Alert key={hook.setting} color="yellow" title={`${hook.setting} is disabled`}>
              Discord answered {String(hook.disabledStatus ?? '')} on {formatRideDate(hook.disabledAt)}: the webhook was
              deleted or its token is wrong. Nothing is announced through it until its URL is replaced and the server
              restarted.
            </Alert>
          ) : (
            <Text key={hook.setting} size="sm">
              {hook.setting}: working
            </Text>
          ),
        )}
      </Stack>
    </SectionCard>
  );
}
