/**
 * "Notify me of rides like this" on the rides list (docs/alerts.md#web): opens the alert dialog with
 * the list's direction filter. The dialog is loaded on the first click, so /home's first load does
 * not carry it.
 */
import { Button, Group } from '@mantine/core';
import type { Direction, DirectionFilter } from '@rideshare/domain';
import { lazy, Suspense, useState } from 'react';

const AlertDialog = lazy(async () => ({ default: (await import('./alert-dialog')).AlertDialog }));

export function NotifyMeButton({ direction }: { direction: DirectionFilter }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const initialDirection: Direction | null = direction === 'all' ? null : direction;
  return (
    <Group justify="flex-end" mb="sm">
      <Button
        variant="light"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        Notify me of rides like this
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <AlertDialog opened={open} onClose={() => setOpen(false)} initialDirection={initialDirection} />
        </Suspense>
      ) : null}
    </Group>
  );
}
