/** The "Weekly" badge of a ride that belongs to a weekly series (docs/series.md#web). */
import { Badge } from '@mantine/core';

export function SeriesBadge() {
  return (
    <Badge
      color="grape"
      variant="outline"
      size="sm"
      w="fit-content"
      data-testid="series-badge"
      title="Part of a weekly series"
    >
      Weekly
    </Badge>
  );
}
