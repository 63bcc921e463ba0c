/**
 * "Notify me of rides like this" on the rides list (docs/alerts.md#web): opens the alert dialog with
 * the list's direction filter. The dialog is loaded on the first click, so /home's first load does
 * not carry it.
 */
import { Button, Group } from '@mantine/core';
import type { Direction, DirectionFilter } from '@rideshare/domain';
import { lazy, Suspense, useState } from 'react';

import { withPageStyles } from '../../lib/page-styles';

// With the Modal's, Radio's and Checkbox's styles, which /home's first load leaves out.
const AlertDialog = lazy(async () => ({
  default: (await withPageStyles(() => import('./alert-dialog'))).AlertDialog,
}));

export function NotifyMeButton({ direction }: { direction: DirectionFilter }) {
  const [open, setOpen] = useState(false);
  // Bumped on every opening, so the dialog starts afresh from the list's current filter.
  const [opening, setOpening] = useState(0);
  const initialDirection: Direction | null = direction === 'all' ? null : direction;
  return (
    <Group justify="flex-end" mb="sm">
      <Button
        variant="light"
        onClick={() => {
          setOpening((count) => count + 1);
          setOpen(true);
        }}
      >
        Notify me of rides like this
      </Button>
      {opening > 0 ? (
        <Suspense fallback={null}>
          <AlertDialog key={opening} opened={open} onClose={() => setOpen(false)} initialDirection={initialDirection} />
        </Suspense>
      ) : null}
    </Group>
  );
}
