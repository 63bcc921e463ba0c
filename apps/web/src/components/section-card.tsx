/**
 * `SectionCard`: a titled card that is its own landmark (`<section>` named by its `<h2>`), with a
 * short dimmed description under the title. `aside` sits beside the title (a status badge); `header`
 * adds lines under the description.
 */
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SectionCardProps {
  /** The title's id, which names the section. */
  titleId: string;
  title: ReactNode;
  description?: ReactNode;
  aside?: ReactNode;
  header?: ReactNode;
  children: ReactNode;
}

export function SectionCard({ titleId, title, description, aside, header, children }: SectionCardProps) {
  const heading = (
    <Title order={2} size="h3" id={titleId}>
      {title}
    </Title>
  );
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Stack gap={4}>
          {aside ? (
            <Group justify="space-between" gap="xs">
              {heading}
              {aside}
            </Group>
          ) : (
            heading
          )}
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
          {header}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}
