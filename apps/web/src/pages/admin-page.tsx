/**
 * /admin (docs/product.md#admin): the administrator's tools on a page of their own, reached from the
 * top bar. Anyone else, signed in or not, sees the 404 page: the page does not say it exists. The
 * server checks the administrator's right again on every call.
 *
 * Sections, in order: vendor applications (approve, reject, suspend), reported chat messages
 * (delete or dismiss, docs/messages.md#reports), password resets (set a password, issue a one-time
 * reset code), the Discord announcements' webhooks (a disabled one warns, docs/announcements.md#disabled).
 */
import { Stack } from '@mantine/core';

import { Page } from '../components/page';
import { DiscordWebhooksCard } from '../features/admin/discord-webhooks-card';
import { ReportedMessagesCard } from '../features/admin/reported-messages-card';
import { ThumbsAdminCard } from '../features/record/thumbs-admin-card';
import { PasswordResetsCard } from '../features/profile/password-resets-card';
import { VendorApplicationsCard } from '../features/profile/vendor-applications-card';
import { useSession } from '../features/session';
import { NotFoundPage } from './not-found-page';

export function AdminPage() {
  const { isAdmin } = useSession();
  if (!isAdmin) return <NotFoundPage />;
  return (
    <Page title="Admin" description="Vendor applications, password resets and reports to look at." size="md">
      <Stack gap="lg">
        <VendorApplicationsCard />
        <ReportedMessagesCard />
        <ThumbsAdminCard />
        <PasswordResetsCard />
        <DiscordWebhooksCard />
      </Stack>
    </Page>
  );
}
