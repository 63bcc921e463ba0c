/**
 * `TravelDocumentsCard` (profile): the member's private travel profile (docs/border.md#profile), the
 * document category they cross on and their passport's expiry date, from which each ride's border
 * checklist is worked out. Only its owner ever sees it; nothing else about the passport is asked.
 * Loading, failed (with Try again) and saved states; the server's refusal shows under the form.
 */
import { Anchor, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DOCUMENT_CATEGORIES, DOCUMENT_CATEGORY_LABELS, type DocumentCategory } from '@rideshare/domain';
import { Link } from 'react-router-dom';

import { LoadErrorAlert } from '../../components/load-error-alert';
import { FormFooter } from '../../components/form-footer';
import { SectionCard } from '../../components/section-card';
import { trpc } from '../../lib/trpc';
import { useSaveTravelProfile } from './use-travel';

interface TravelValues {
  documentCategory: string | null;
  passportExpiresOn: string;
}

const CATEGORY_OPTIONS = DOCUMENT_CATEGORIES.map((value) => ({ value, label: DOCUMENT_CATEGORY_LABELS[value] }));

function TravelDocumentsForm({ initial }: { initial: TravelValues }) {
  const form = useForm<TravelValues>({
    initialValues: initial,
    validate: { documentCategory: (value) => (value ? null : 'Choose what you travel on') },
  });
  const { save, failure, clear } = useSaveTravelProfile(form);

  const submit = form.onSubmit((values) => {
    clear();
    save.mutate(
      // An unexpected category is sent as chosen, so the server names the problem.
      {
        documentCategory: (values.documentCategory ?? '') as DocumentCategory,
        passportExpiresOn: values.passportExpiresOn,
      },
      {
        onSuccess: (saved) =>
          form.resetDirty({
            documentCategory: saved.documentCategory,
            passportExpiresOn: saved.passportExpiresOn ?? '',
          }),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Travel documents">
      <Stack gap="md">
        <Select
          label="I travel as"
          placeholder="Choose one"
          data={CATEGORY_OPTIONS}
          required
          allowDeselect={false}
          {...form.getInputProps('documentCategory')}
        />
        <TextInput
          label="Passport expires on"
          description="Only the date: never your passport number."
          type="date"
          {...form.getInputProps('passportExpiresOn')}
        />
        <FormFooter
          failure={failure}
          errorTestId="travel-documents-error"
          pending={save.isPending}
          pendingLabel="Saving..."
        >
          Save Travel Documents
        </FormFooter>
      </Stack>
    </form>
  );
}

export function TravelDocumentsCard() {
  const profile = trpc.travel.profile.useQuery();
  let body;
  if (profile.isLoading) {
    body = (
      <Group gap="xs" role="status" aria-label="Loading travel documents...">
        <Loader size="sm" />
        <Text size="sm">Loading travel documents...</Text>
      </Group>
    );
  } else if (profile.error || !profile.data) {
    body = (
      <LoadErrorAlert
        title="Could not load your travel documents"
        error={profile.error}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
        retryVariant="light"
      />
    );
  } else {
    body = (
      <TravelDocumentsForm
        initial={{
          documentCategory: profile.data.documentCategory,
          passportExpiresOn: profile.data.passportExpiresOn ?? '',
        }}
      />
    );
  }
  return (
    <SectionCard
      titleId="travel-documents-title"
      title="Travel documents"
      description={
        <>
          Private to you. Each ride&apos;s border checklist uses them to tell you what to prepare: passport validity,
          arrival cards and when they open. These are reminders, not legal advice (
          <Anchor component={Link} to="/guide#border-rules" size="sm">
            sources in the travel guide
          </Anchor>
          ).
        </>
      }
    >
      {body}
    </SectionCard>
  );
}
