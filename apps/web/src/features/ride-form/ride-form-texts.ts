/**
 * The ride form's words that change with the direction (docs/product.md#ride-form), and the
 * form's starting values.
 */
import {
  ADDITIONAL_STOP_FEE,
  DEFAULT_DIRECTION,
  DEFAULT_MAX_PASSENGERS,
  DEFAULT_RIDE_COST,
  DEFAULT_CROSSING,
  type Crossing,
  type Direction,
  type DropoffLocation,
} from '@rideshare/domain';

export interface RideFormState {
  direction: Direction;
  /** Singapore wall time as the datetime-local picker holds it ('' until picked). */
  date: string;
  maxPassengers: number | string;
  organizerLocation: string;
  organizerPassengerCount: number | string;
  /** Base cost in whole SGD ('' while cleared). */
  cost: number | string;
  /** Price of one additional stop in whole SGD ('' while cleared). */
  stopPrice: number | string;
  /** Fewest passengers for the ride to go ('' for none; docs/payments.md#minimum). */
  minPassengers: number | string;
  /** The bridge it crosses by (docs/trip-day.md#crossing). */
  crossing: Crossing;
  pickupLocation: string;
  dropoffLocations: DropoffLocation[];
}

export const EMPTY_RIDE_FORM: RideFormState = {
  direction: DEFAULT_DIRECTION,
  date: '',
  maxPassengers: DEFAULT_MAX_PASSENGERS,
  organizerLocation: '',
  organizerPassengerCount: 1,
  cost: DEFAULT_RIDE_COST,
  stopPrice: ADDITIONAL_STOP_FEE,
  minPassengers: '',
  crossing: DEFAULT_CROSSING,
  pickupLocation: '',
  dropoffLocations: [],
};

export interface RideFormTexts {
  subtitle: string;
  locationLabel: string;
  locationPlaceholder: string;
}

const TEXTS: Record<Direction, RideFormTexts> = {
  'SG->FC': {
    subtitle: 'Enter your pickup location in Singapore and the number of passengers',
    locationLabel: 'Your Pickup Location in Singapore',
    locationPlaceholder: 'e.g., Pasir Ris MRT',
  },
  'FC->SG': {
    subtitle: 'Enter your drop-off location in Singapore and the number of passengers in your group',
    locationLabel: 'Your Drop-off Location in Singapore',
    locationPlaceholder: 'e.g., Tampines Mall',
  },
};

export function rideFormTexts(direction: Direction): RideFormTexts {
  return TEXTS[direction];
}

export const LOCATION_HELPER_TEXT = 'You can enter multiple lines of text for detailed location instructions';
