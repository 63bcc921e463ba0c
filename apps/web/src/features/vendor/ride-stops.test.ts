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

  it('lists the pick-ups of an SG->FC ride in route order when the answer has it, organiser second', () => {
    expect(
      rideStops({
        direction: 'SG->FC',
        pickupLocation: 'Bedok MRT',
        // The organiser's entry first, as the ride stores it…
        dropoffLocations: [
          { location: 'Bedok MRT', passengerCount: 2 },
          { location: 'Jurong East', passengerCount: 1 },
          { location: 'Clementi', passengerCount: 3 },
        ],
        // …and the order the organiser set: Jurong East, then Bedok MRT, then Clementi.
        routeStops: [
          { stop: 1, location: 'Jurong East', passengerCount: 1 },
          { stop: 2, location: 'Bedok MRT', passengerCount: 2 },
          { stop: 3, location: 'Clementi', passengerCount: 3 },
        ],
      }),
    ).toEqual({
      pickups: [
        { location: 'Jurong East', passengerCount: 1 },
        { location: 'Bedok MRT', passengerCount: 2 },
        { location: 'Clementi', passengerCount: 3 },
      ],
      dropoffs: [{ location: 'Forest City', passengerCount: 6 }],
    });
  });

  it('lists the drop-offs of an FC->SG ride in route order, unnumbered stops last as given', () => {
    expect(
      rideStops({
        direction: 'FC->SG',
        pickupLocation: 'Forest City',
        dropoffLocations: [
          { location: 'Tampines Mall', passengerCount: 1 },
          { location: 'Bedok', passengerCount: 2 },
          { location: 'Yishun', passengerCount: 1 },
        ],
        routeStops: [
          { stop: 1, location: 'Bedok', passengerCount: 2 },
          { stop: 2, location: ' Tampines Mall ', passengerCount: 1 },
          { stop: null, location: 'Yishun', passengerCount: 1 },
        ],
      }),
    ).toEqual({
      pickups: [{ location: 'Forest City', passengerCount: 4 }],
      dropoffs: [
        { location: 'Bedok', passengerCount: 2 },
        { location: 'Tampines Mall', passengerCount: 1 },
        { location: 'Yishun', passengerCount: 1 },
      ],
    });
  });

  it('reads the stored locations when the route order is not given (null)', () => {
    expect(
      rideStops({
        direction: 'FC->SG',
        pickupLocation: 'Forest City',
        dropoffLocations: [
          { location: 'Tampines Mall', passengerCount: 1 },
          { location: 'Bedok', passengerCount: 2 },
        ],
        routeStops: null,
      }).dropoffs,
    ).toEqual([
      { location: 'Tampines Mall', passengerCount: 1 },
      { location: 'Bedok', passengerCount: 2 },
    ]);
  });

  it("falls back to the organiser's pick-up when an SG->FC ride's route order is empty", () => {
    expect(
      rideStops({ direction: 'SG->FC', pickupLocation: 'Changi', dropoffLocations: [], routeStops: [] }).pickups,
    ).toEqual([{ location: 'Changi', passengerCount: 1 }]);
  });
});
