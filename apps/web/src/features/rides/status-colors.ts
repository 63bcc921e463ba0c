/** The colour of a ride's status badge, by the label the domain gives the status (`statusLabel`). */
import type { StatusLabel } from '@rideshare/domain';

export const STATUS_COLORS: Record<StatusLabel, string> = {
  Open: 'green',
  'Driver Assigned': 'blue',
  Completed: 'gray',
  Cancelled: 'red',
};
