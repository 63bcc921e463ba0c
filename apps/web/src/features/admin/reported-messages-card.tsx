/**
 * `ReportedMessagesCard`: the administrator's reported chat messages (docs/messages.md#reports),
 * each with its text, author, ride, reporter and reason; the administrator deletes the message (the
 * thread then shows "message deleted") or dismisses the report. Self-contained: it asks
 * `message.reports` itself and renders nothing for anyone who is not the administrator (the server
 * answers them 403).
 */
import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { ListCard } from '../../components/list-card';
import { formatRideDate } from '@rideshare/domain';
import { Link } from 'react-router-dom';

import { LoadErrorAlert } from '../../components/load-error-alert';
import { SectionCard } from '../../components/section-card';
import { trpc } from '../../lib/trpc';
import { RoleBadge } from '../chat/chat-message-item';
import { useReportedMessageActions } from './use-reported-messages';

export function ReportedMessagesCard() {
  const reports = trpc.message.reports.useQuery();
  const { remove, dismiss } = useReportedMessageActions();

  return (
    <SectionCard
      titleId="reported-messages-title"
      title="Reported messages"
      description={
        <>
          Chat messages members reported. Delete a message to leave &quot;message deleted&quot; in its place, or dismiss
          the report to keep it.
        </>
      }
    >
      {reports.isLoading ? <Skeleton height={80} radius="md" /> : null}
      {reports.error ? (
        <LoadErrorAlert
          title="Could not load the reports"
          error={reports.error}
          onRetry={() => void reports.refetch()}
          retryVariant="light"
        />
      ) : null}
      {reports.data?.length === 0 ? (
        <Text size="sm" c="dimmed">
          No reported messages.
        </Text>
      ) : null}
      <Stack gap="sm" component="ul" m={0} p={0}>
        {reports.data?.map((report) => (
          <ListCard key={report.id} padding="sm">
            <Stack gap={6}>
              <Group gap={6} wrap="wrap">
                <Text size="sm" fw={600}>
                  {report.message.author.name}
                </Text>
                <RoleBadge role={report.message.author.role} />
                <Text size="xs" c="dimmed" component="time" dateTime={report.message.createdAt}>
                  {formatRideDate(report.message.createdAt)}
                </Text>
                {report.message.deleted ? (
                  <Badge size="xs" variant="light" color="gray">
                    Deleted from the chat
                  </Badge>
                ) : null}
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {report.message.body}
              </Text>
              <Text size="xs" c="dimmed">
                On <Link to={`/rides/${String(report.ride.id)}`}>{report.ride.label}</Link>. Reported by{' '}
                {report.reporter.name}: {report.reason}
              </Text>
              <Group gap="xs" justify="flex-end">
                <Button
                  size="xs"
                  variant="default"
                  loading={dismiss.isPending && dismiss.variables.reportId === report.id}
                  onClick={() => dismiss.mutate({ reportId: report.id })}
                >
                  Dismiss report
                </Button>
                {report.message.deleted ? null : (
                  <Button
                    size="xs"
                    color="red"
                    loading={remove.isPending && remove.variables.messageId === report.message.id}
                    onClick={() => remove.mutate({ rideId: report.ride.id, messageId: report.message.id })}
                  >
                    Delete message
                  </Button>
                )}
              </Group>
            </Stack>
          </ListCard>
        ))}
      </Stack>
    </SectionCard>
  );
}
