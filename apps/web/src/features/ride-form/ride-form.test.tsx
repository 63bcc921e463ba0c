import type { RidePayload } from '@rideshare/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { apiError, renderWithProviders } from '../../test-utils';
import { RideForm } from './ride-form';
import { EMPTY_RIDE_FORM, type RideFormState } from './ride-form-texts';

function renderForm(
  options: {
    initialValues?: Partial<RideFormState>;
    onSubmit?: (payload: RidePayload) => Promise<unknown>;
    mode?: 'create' | 'edit';
  } = {},
) {
  const onSubmit = vi.fn(options.onSubmit ?? (() => Promise.resolve()));
  renderWithProviders(
    <RideForm
      mode={options.mode ?? 'create'}
      initialValues={{ ...EMPTY_RIDE_FORM, ...options.initialValues }}
      pending={false}
      onSubmit={onSubmit}
      onCancel={() => undefined}
    />,
  );
  return { onSubmit };
}

const input = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;

function type(element: HTMLElement, value: string) {
  fireEvent.focus(element);
  fireEvent.change(element, { target: { value } });
}

describe('RideForm, texts', () => {
  it('shows the create defaults and the SG->FC words', async () => {
    renderForm();
    expect(await screen.findByRole('heading', { name: 'Create a New Ride' })).toBeTruthy();
    expect(screen.getByTestId('ride-form-subtitle').textContent).toBe(
      'Enter your pickup location in Singapore and the number of passengers',
    );
    expect(input('Maximum Total Passengers').value).toBe('5');
    expect(input('Number of Passengers at Your Location').value).toBe('1');
    expect(input('Base Cost (SGD)').value).toBe('80');
    expect(input('Price per Additional Stop (SGD)').value).toBe('5');
    expect(screen.getByTestId('recommended-prices').textContent).toContain(
      'SGD 75 a trip + SGD 5 a stop, or SGD 80 a trip + SGD 10 a stop',
    );
    const location = input('Your Pickup Location in Singapore');
    expect(location.tagName).toBe('TEXTAREA');
    expect(location.placeholder).toBe('e.g., Pasir Ris MRT');
    expect(screen.getByText('You can enter multiple lines of text for detailed location instructions')).toBeTruthy();
    expect(input('Date and Time').type).toBe('datetime-local');
    expect(screen.getByRole('button', { name: 'Create Ride' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Singapore to Forest City' }) as HTMLInputElement).checked).toBe(true);
  });

  it('switches labels, placeholder and subtitle with the direction', async () => {
    renderForm();
    fireEvent.click(await screen.findByRole('radio', { name: 'Forest City to Singapore' }));
    await screen.findByLabelText('Your Drop-off Location in Singapore', { exact: false });
    expect(input('Your Drop-off Location in Singapore').placeholder).toBe('e.g., Tampines Mall');
    expect(screen.getByTestId('ride-form-subtitle').textContent).toBe(
      'Enter your drop-off location in Singapore and the number of passengers in your group',
    );
  });

  it('reads Edit Ride / Update Ride in edit mode', async () => {
    renderForm({ mode: 'edit' });
    expect(await screen.findByRole('heading', { name: 'Edit Ride' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update Ride' })).toBeTruthy();
  });
});

describe('RideForm, validation on blur', () => {
  it('reports the missing location and date when the fields lose focus, and clears them once filled', async () => {
    renderForm();
    const location = await screen.findByLabelText('Your Pickup Location in Singapore', { exact: false });
    fireEvent.focus(location);
    fireEvent.blur(location);
    expect(await screen.findByText('Please specify your location')).toBeTruthy();

    const date = input('Date and Time');
    fireEvent.focus(date);
    fireEvent.blur(date);
    expect(await screen.findByText('Date and time is required')).toBeTruthy();

    type(location, 'Pasir Ris MRT');
    fireEvent.blur(location);
    await waitFor(() => expect(screen.queryByText('Please specify your location')).toBeNull());
  });

  it('refuses to submit an empty form and says what is missing', async () => {
    const { onSubmit } = renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Create Ride' }));
    expect(await screen.findByText('Please specify your location')).toBeTruthy();
    expect(screen.getByText('Date and time is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('RideForm, passenger count', () => {
  it('caps the group at the maximum, also when the maximum is lowered, and makes an empty box 1 on blur', async () => {
    renderForm();
    const group = await screen.findByLabelText('Number of Passengers at Your Location', { exact: false });
    type(group, '7');
    await waitFor(() => expect((group as HTMLInputElement).value).toBe('5'));

    const max = input('Maximum Total Passengers');
    type(max, '3');
    await waitFor(() => expect((group as HTMLInputElement).value).toBe('3'));

    type(group, '');
    fireEvent.blur(group);
    await waitFor(() => expect((group as HTMLInputElement).value).toBe('1'));
  });
});

describe('RideForm, submit', () => {
  it('sends the crossing chosen: the Causeway instead of the Second Link', async () => {
    const { onSubmit } = renderForm();
    const crossing = await screen.findByRole('radiogroup', { name: 'Crossing' });
    fireEvent.click(within(crossing).getByLabelText('Causeway (Woodlands)'));
    type(input('Date and Time'), '2099-03-14T09:30');
    type(input('Your Pickup Location in Singapore'), 'Woodlands MRT');
    fireEvent.click(screen.getByRole('button', { name: 'Create Ride' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ crossing: 'causeway' });
  });

  it('sends the SG->FC payload: pickup is the trimmed location, one drop-off entry with the group', async () => {
    const { onSubmit } = renderForm();
    type(await screen.findByLabelText('Maximum Total Passengers', { exact: false }), '4');
    type(input('Date and Time'), '2099-03-14T09:30');
    type(input('Number of Passengers at Your Location'), '2');
    type(input('Your Pickup Location in Singapore'), '  Pasir Ris MRT\nExit B  ');
    fireEvent.click(screen.getByRole('button', { name: 'Create Ride' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      direction: 'SG->FC',
      maxPassengers: 4,
      date: '2099-03-14T01:30:00.000Z',
      organizerPassengerCount: 2,
      pickupLocation: 'Pasir Ris MRT\nExit B',
      dropoffLocations: [{ location: 'Pasir Ris MRT\nExit B', passengerCount: 2 }],
      cost: 80,
      stopPrice: 5,
      minPassengers: null,
      crossing: 'second-link',
    });
  });

  it('sends the FC->SG payload: pickup Forest City, the organiser first, other drop-offs kept', async () => {
    const { onSubmit } = renderForm({
      mode: 'edit',
      initialValues: {
        direction: 'FC->SG',
        date: '2099-05-01T18:00',
        maxPassengers: 6,
        organizerLocation: 'Tampines Mall',
        organizerPassengerCount: 1,
        cost: 120,
        stopPrice: 0,
        pickupLocation: 'Forest City',
        dropoffLocations: [
          { location: 'Tampines Mall', passengerCount: 1 },
          { location: 'Bedok', passengerCount: 2 },
        ],
      },
    });
    type(await screen.findByLabelText('Your Drop-off Location in Singapore', { exact: false }), 'Tampines Hub');
    fireEvent.click(screen.getByRole('button', { name: 'Update Ride' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      direction: 'FC->SG',
      maxPassengers: 6,
      date: '2099-05-01T10:00:00.000Z',
      organizerPassengerCount: 1,
      pickupLocation: 'Forest City',
      dropoffLocations: [
        { location: 'Tampines Hub', passengerCount: 1 },
        { location: 'Bedok', passengerCount: 2 },
      ],
      cost: 120,
      stopPrice: 0,
      minPassengers: null,
      crossing: 'second-link',
    });
  });

  it('sends the cost and stop price typed', async () => {
    const { onSubmit } = renderForm({ initialValues: { date: '2099-03-14T09:30', organizerLocation: 'Bedok' } });
    type(await screen.findByLabelText('Base Cost (SGD)', { exact: false }), '75');
    type(input('Price per Additional Stop (SGD)'), '10');
    fireEvent.click(screen.getByRole('button', { name: 'Create Ride' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ cost: 75, stopPrice: 10 });
  });

  it.each([
    ['a cleared cost', 'Base Cost (SGD)', '', 'Cost must be a whole number from 1 to 1000 SGD'],
    ['a cost above 1000', 'Base Cost (SGD)', '1001', 'Cost must be a whole number from 1 to 1000 SGD'],
    ['a cost of 0', 'Base Cost (SGD)', '0', 'Cost must be a whole number from 1 to 1000 SGD'],
    [
      'a stop price above 100',
      'Price per Additional Stop (SGD)',
      '101',
      'Price per additional stop must be a whole number from 0 to 100 SGD',
    ],
  ])('refuses %s with the spec-style message, sending nothing', async (_label, field, value, message) => {
    const { onSubmit } = renderForm({ initialValues: { date: '2099-03-14T09:30', organizerLocation: 'Bedok' } });
    type(await screen.findByLabelText(field, { exact: false }), value);
    fireEvent.click(screen.getByRole('button', { name: 'Create Ride' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('ignores a picked date-time that is not a real time and keeps the last good one', async () => {
    const { onSubmit } = renderForm({ initialValues: { date: '2099-03-14T09:30', organizerLocation: 'Bedok' } });
    const date = await screen.findByLabelText('Date and Time', { exact: false });
    fireEvent.change(date, { target: { value: '2099-02-30T09:30' } });
    fireEvent.change(date, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Ride' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ date: '2099-03-14T01:30:00.000Z' });
  });

  it('puts the server’s field messages on the fields', async () => {
    renderForm({
      initialValues: { date: '2099-03-14T09:30', organizerLocation: 'Bedok' },
      onSubmit: () =>
        Promise.reject(
          apiError('BAD_REQUEST', 'Ride date must be in the future', 'VALIDATION_FAILED', {
            date: ['Ride date must be in the future'],
            pickupLocation: ['Pickup location is required'],
            stopPrice: ['Price per additional stop must be a whole number from 0 to 100 SGD'],
          }),
        ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create Ride' }));
    expect(await screen.findByText('Ride date must be in the future')).toBeTruthy();
    expect(screen.getByText('Pickup location is required')).toBeTruthy();
    expect(screen.getByText('Price per additional stop must be a whole number from 0 to 100 SGD')).toBeTruthy();
  });
});
