import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../test-utils';
import { ColorSchemeToggle } from './color-scheme-toggle';

describe('ColorSchemeToggle', () => {
  it('switches to the dark theme and back, its name saying what a press does', async () => {
    renderWithProviders(<ColorSchemeToggle />);
    const toDark = await screen.findByRole('button', { name: 'Use dark theme' });
    fireEvent.click(toDark);
    await waitFor(() => expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark'));
    fireEvent.click(await screen.findByRole('button', { name: 'Use light theme' }));
    await waitFor(() => expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light'));
    expect(screen.getByRole('button', { name: 'Use dark theme' })).toBeTruthy();
  });
});
