import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../test-utils';
import { CostBox } from './cost-box';

function lines(): string[] {
  return Array.from(document.querySelectorAll('[data-cost-line]')).map((line) => line.textContent ?? '');
}

describe('CostBox', () => {
  it('shows base, total and the per-seat estimate, without an additional-stops line when there are none', async () => {
    renderWithProviders(<CostBox ride={{ cost: 80, additionalStops: 0, maxPassengers: 3 }} />);
    await screen.findByText('Base Cost');
    expect(lines()).toEqual(['Base CostSGD 80', 'Total CostSGD 80', 'Your Cost (estimated)SGD 26.67']);
    expect(screen.queryByText(/Additional Stops/)).toBeNull();
  });

  it('adds the stops line with their count and amount when the ride has extra stops', async () => {
    renderWithProviders(<CostBox ride={{ cost: 80, additionalStops: 2, maxPassengers: 5 }} />);
    await screen.findByText('Base Cost');
    expect(lines()).toEqual([
      'Base CostSGD 80',
      'Additional Stops (2 × SGD 5)SGD 10',
      'Total CostSGD 90',
      'Your Cost (estimated)SGD 18.00',
    ]);
  });

  it('falls back to the default cost when the ride has none', async () => {
    renderWithProviders(<CostBox ride={{ cost: null, additionalStops: null, maxPassengers: 4 }} />);
    await screen.findByText('Base Cost');
    expect(lines()[0]).toBe('Base CostSGD 80');
    expect(lines()[2]).toBe('Your Cost (estimated)SGD 20.00');
  });
});
