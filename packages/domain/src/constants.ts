/**
 * Business constants shared by the web app and the API (docs/product.md#costs-and-constants). Changing one of these changes
 * the product for both sides at once, which is the point of keeping them here.
 */

/** Shortest password anyone may register or change to. */
export const MIN_PASSWORD_LENGTH = 8;
/** Base price of a chartered ride in whole SGD when nobody set another. */
export const DEFAULT_RIDE_COST = 80;
/** What each extra stop beyond the first adds to the ride's total, in SGD, unless the organiser set another price. */
export const ADDITIONAL_STOP_FEE = 5;
/** Bounds of the base cost an organiser may set, in whole SGD. */
export const MIN_RIDE_COST = 1;
export const MAX_RIDE_COST = 1000;
/** Bounds of the price of one additional stop an organiser may set, in whole SGD. */
export const MIN_STOP_PRICE = 0;
export const MAX_STOP_PRICE = 100;
/** The travel guide's recommended drivers (docs/product.md#travel-guide): trip price and price per additional stop, SGD. */
export const RECOMMENDED_DRIVER_PRICES = [
  { trip: 75, perStop: 5 },
  { trip: 80, perStop: 10 },
] as const;
/** Seats pre-filled in the ride form. */
export const DEFAULT_MAX_PASSENGERS = 5;
/** Fewest seats a ride or a passenger group can have. */
export const MIN_PASSENGERS = 1;
/** Most seats a ride or a passenger group can have. */
export const MAX_PASSENGERS = 10;
/** How long a first click on Delete Ride stays armed for the confirming second click. */
export const DELETE_CONFIRM_WINDOW_MS = 5000;
/** The fixed pickup location of every Forest City to Singapore ride. */
export const FOREST_CITY_PICKUP = 'Forest City';
/** Below this viewport width the navigation collapses into a toggle menu. */
export const MOBILE_BREAKPOINT_PX = 768;
/** Where the location map opens (central Singapore). */
export const MAP_DEFAULT_CENTER = { latitude: 1.3521, longitude: 103.8198 } as const;
/** Zoom level the location map opens at. */
export const MAP_DEFAULT_ZOOM = 12;
/** How long a toast stays on screen. */
export const TOAST_DURATION_MS = 5000;
/** Every date is shown and picked in this zone, whatever the browser's own zone. */
export const TIME_ZONE = 'Asia/Singapore';
/** Locale for every displayed date and number. */
export const LOCALE = 'en-SG';

/** The two trip directions: Singapore to Forest City and back. */
export const DIRECTIONS = ['SG->FC', 'FC->SG'] as const;
export type Direction = (typeof DIRECTIONS)[number];
/** Direction pre-selected in the ride form. */
export const DEFAULT_DIRECTION: Direction = 'SG->FC';

/**
 * A ride starts open; a vendor assigning it makes it assigned (docs/product.md#ride-status); its organiser may cancel a
 * future open or assigned ride, which keeps its entries but can no longer change.
 */
export const RIDE_STATUSES = ['open', 'assigned', 'completed', 'cancelled'] as const;
export type RideStatus = (typeof RIDE_STATUSES)[number];

// Upper bounds on free text, so the server never stores (or is flooded with) unbounded input.
export const MAX_LOCATION_LENGTH = 500;
export const MAX_NAME_LENGTH = 100;
export const MAX_USERNAME_LENGTH = 64;
/** Bounds of a Discord username as Discord allows it (new accounts and admin look-ups). */
export const MIN_DISCORD_USERNAME_LENGTH = 2;
export const MAX_DISCORD_USERNAME_LENGTH = 32;
export const MAX_PASSWORD_LENGTH = 256;
export const MAX_PHONE_LENGTH = 32;
/** Longest company name, car number or driver contact a vendor can register with. */
export const MAX_VENDOR_FIELD_LENGTH = 200;
/** Bounds of a password-reset code. */
export const MIN_RESET_CODE_LENGTH = 6;
export const MAX_RESET_CODE_LENGTH = 64;
/** Largest id a Postgres `serial` column can hold; bigger ids cannot exist. */
export const MAX_ID = 2_147_483_647;
/** Longest reason an organiser can give for cancelling a ride. */
export const MAX_CANCEL_REASON_LENGTH = 300;
