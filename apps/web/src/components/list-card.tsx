/**
 * `ListCard`: a bordered card that is one item of a list (`<li>`), without the list's bullet.
 * Passenger entries, notifications and reported messages are each a `ListCard` inside a `<ul>`
 * or `<ol>`, so screen readers count the items.
 */
import { Card, type CardProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

export type ListCardProps = CardProps & Omit<ComponentPropsWithoutRef<'li'>, keyof CardProps>;

export function ListCard({ style, ...props }: ListCardProps) {
  return <Card component="li" withBorder radius="md" padding="md" style={[{ listStyle: 'none' }, style]} {...props} />;
}
