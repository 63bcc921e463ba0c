/**
 * `<RecordLine userId role />`: a member's record in one line where a decision is made about them
 * (docs/record.md#where): trips, thumbs and what matters for `role`, or "New member". A loading
 * record holds its place; one that failed to load says so quietly (the decision does not hang on it).
 */
import { Text } from '@mantine/core';
import { LoadingBlock } from '../../components/loading-block';

import { NEW_MEMBER, recordFacts, type RecordRole } from './record-facts';
import { useRecord } from './use-record';

export function RecordLine({ userId, role }: { userId: number; role: RecordRole }) {
  const record = useRecord(userId);
  if (record.isLoading) return <LoadingBlock height={16} width="12rem" radius="sm" label="Loading record" />;
  if (!record.data) {
    return (
      <Text size="xs" c="dimmed">
        Record unavailable
      </Text>
    );
  }
  const facts = recordFacts(record.data, role);
  // A line of text, not a badge: the rows it sits in keep their badges for the ride's own marks.
  return (
    <Text size="sm" data-testid="member-record" fs={facts[0] === NEW_MEMBER ? 'italic' : undefined}>
      {facts.join(' · ')}
    </Text>
  );
}
