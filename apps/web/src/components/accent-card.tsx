/**
 * `AccentCard`: a titled card that is its own landmark (`<section>` named by its `<h2>`), with a
 * coloured stripe down its left edge when `color` is given: the ride page's status cards and the
 * waitlist card. `headingRef` lets a card move the focus to its title (the heading takes it).
 */
import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode, Ref } from 'react';

export interface AccentCardProps {
  titleId: string;
  title: ReactNode;
  color?: string;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}

export function AccentCard({ titleId, title, color, headingRef, children }: AccentCardProps) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={titleId}
      style={color ? { borderLeft: `4px solid var(--mantine-color-${color}-6)` } : undefined}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
