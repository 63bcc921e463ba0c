import { describe, expect, it } from 'vitest';

import { rideStops } from './ride-stops';

describe('rideStops', () => {
  it('lists the Singapore pick-ups of an SG->FC ride, merged by place, and drops everyone at Forest City', () => {
    expect(
      rideStops({
        direction: 'SG->FC',
        pickupLocation: 'Pasir Ris MRT',
        dropoffLocations: [
          { location: 'Pasir Ris MRT', passengerCount: 2 },
          { location: 'Tampines Mall', passengerCount: 1 },
          { location: ' pasir ris mrt ', passengerCount: 1 },
        ],
      }),
    ).toEqual({
      pickups: [
        { location: 'Pasir Ris MRT', passengerCount: 3 },
        { location: 'Tampines Mall', passengerCount: 1 },
      ],
      dropoffs: [{ location: 'Forest City', passengerCount: 4 }],
    });
  });

  it('picks an FC->SG ride up at Forest City and keeps the drop-offs in stop order', () => {
    expect(
      rideStops({
        direction: 'FC->SG',
        pickupLocation: 'Forest City',
        dropoffLocations: [
          { location: 'Bedok', passengerCount: 2 },
          'Jurong East',
          { location: '  ', passengerCount: 1 },
        ],
      }),
    ).toEqual({
      pickups: [{ location: 'Forest City', passengerCount: 3 }],
      dropoffs: [
        { location: 'Bedok', passengerCount: 2 },
        { location: 'Jurong East', passengerCount: 1 },
      ],
    });
  });

  it("falls back to the organiser's pick-up when an SG->FC ride has no entries", () => {
    expect(rideStops({ direction: 'SG->FC', pickupLocation: 'Changi', dropoffLocations: [] })).toEqual({
      pickups: [{ location: 'Changi', passengerCount: 1 }],
      dropoffs: [{ location: 'Forest City', passengerCount: 0 }],
    });
  });
});
