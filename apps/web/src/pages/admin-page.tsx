/**
 * /admin (docs/product.md#admin): the administrator's tools on a page of their own, reached from the
 * top bar. Anyone else, signed in or not, sees the 404 page: the page does not say it exists. The
 * server checks the administrator's right again on every call.
 *
 * Sections, in order: vendor applications (approve, reject, suspend), password resets (set a
 * password, issue a one-time reset code). Further admin cards go in the marked place below.
 */
import { Stack } from '@mantine/core';

import { Page } from '../components/page';
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
        {/* Reported chat messages: the ride chat's admin card is mounted here. */}
        <PasswordResetsCard />
      </Stack>
    </Page>
  );
}
