/**
 * /profile (docs/product.md#profile; the route guard sends visitors to /auth). One column, so it reads the
 * same on a phone and a desktop.
 */
import { Stack } from '@mantine/core';

import { Page } from '../components/page';
import { SectionCard } from '../components/section-card';
import { AlertsCard } from '../features/alerts/alerts-card';
import { TravelDocumentsCard } from '../features/border/travel-documents-card';
import { CalendarFeedCard } from '../features/profile/calendar-feed-card';
import { DiscordAccountCard } from '../features/profile/discord-account-card';
import { PasswordSettingsCard } from '../features/profile/password-settings-card';
import { ProfileForm } from '../features/profile/profile-form';
import { VendorDetailsCard } from '../features/profile/vendor-details-card';
import { VendorLicenceCard } from '../features/profile/vendor-licence-card';
import { PhoneNotificationsCard } from '../features/push/phone-notifications-card';
import { MyRecordCard } from '../features/record/my-record-card';
import { useSession } from '../features/session';

export function ProfilePage() {
  const { user } = useSession();
  return (
    <Page title="Profile" description="Your details help organizers, passengers and drivers reach you." size="sm">
      <Stack gap="lg">
        <SectionCard
          titleId="profile-details-title"
          title="Personal Information"
          description={
            user?.isVendor
              ? 'Organizers and passengers of the rides you take see these.'
              : 'Other members see these on rides you organize or join.'
          }
        >
          {/* Keyed by user: another sign-in in this tab starts from that user's saved details. */}
          <ProfileForm key={user?.id ?? 'none'} user={user} />
        </SectionCard>
        {user ? <DiscordAccountCard user={user} /> : null}
        {user ? <MyRecordCard key={`record-${String(user.id)}`} userId={user.id} /> : null}
        {user?.isVendor ? <VendorLicenceCard key={`licence-${String(user.id)}`} user={user} /> : null}
        {user?.isVendor ? <VendorDetailsCard key={user.id} user={user} /> : null}
        {user && !user.isVendor ? <AlertsCard /> : null}
        <TravelDocumentsCard />
        <CalendarFeedCard />
        <PhoneNotificationsCard />
        <PasswordSettingsCard />
      </Stack>
    </Page>
  );
}
