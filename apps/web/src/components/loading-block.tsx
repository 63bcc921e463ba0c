/**
 * `LoadingBlock`: the grey placeholder a card or tab shows while its data loads, announced to
 * screen readers as `label` (a status region). Skeletons without a label are decoration and stay
 * plain `<Skeleton>`s; a label on a bare `<Skeleton>` is not allowed (a div may not carry
 * `aria-label` without a role), so every announced placeholder goes through here.
 */
import { Skeleton, type SkeletonProps } from '@mantine/core';

export interface LoadingBlockProps extends Omit<SkeletonProps, 'role' | 'aria-label' | 'children' | 'visible'> {
  label: string;
}

export function LoadingBlock({ label, ...props }: LoadingBlockProps) {
  // The one place a Skeleton is given a role and a name.
  // eslint-disable-next-line no-restricted-syntax
  return <Skeleton role="status" aria-label={label} {...props} />;
}
