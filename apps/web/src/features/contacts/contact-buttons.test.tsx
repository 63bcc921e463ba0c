import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { mockClipboard, renderWithProviders } from '../../test-utils';
import { mediaQueryList } from '../../test-utils/media-query';
import { ContactButtons } from './contact-buttons';

const writeText = mockClipboard();

const full = {
  whatsappNumber: '+65 9123-4567',
  malaysianNumber: '+60 12-345 6789',
  discordUsername: 'bob_rides',
  revolutUsername: 'bobrev',
};

describe('ContactButtons', () => {
  it('links WhatsApp to a wa.me chat with the digits only', async () => {
    renderWithProviders(<ContactButtons contacts={full} name="Bob" />);
    const link = await screen.findByRole('link', { name: 'Chat on WhatsApp of Bob' });
    expect(link.getAttribute('href')).toBe('https://wa.me/6591234567');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('links the Malaysian number to a tel: link and copies its digits', async () => {
    renderWithProviders(<ContactButtons contacts={full} show={['malaysian']} />);
    const link = await screen.findByRole('link', { name: 'Call Malaysian Number' });
    expect(link.getAttribute('href')).toBe('tel:+60123456789');
    fireEvent.click(link);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('60123456789'));
    expect(await screen.findByText('Number copied')).toBeTruthy();
  });

  it.each([
    ['Copy Discord username', 'bob_rides'],
    ['Copy Revolut username', 'bobrev'],
  ])('%s copies the username and confirms', async (name, value) => {
    renderWithProviders(<ContactButtons contacts={full} />);
    fireEvent.click(await screen.findByRole('button', { name }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(value));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
  });

  it('shows only the kinds asked for, in that order', async () => {
    renderWithProviders(<ContactButtons contacts={full} show={['discord', 'whatsapp']} />);
    const group = await screen.findByRole('group', { name: 'Contact' });
    const kinds = Array.from(group.querySelectorAll('[data-contact]')).map((node) => node.getAttribute('data-contact'));
    expect(kinds).toEqual(['discord', 'whatsapp']);
  });

  it.each([
    ['Chat on WhatsApp (not provided)', 'No WhatsApp contact information provided.'],
    ['Call Malaysian Number (not provided)', 'No Malaysian Number contact information provided.'],
    ['Copy Discord username (not provided)', 'No Discord contact information provided.'],
    ['Copy Revolut username (not provided)', 'No Revolut contact information provided.'],
  ])('an empty value (%s) explains that the contact is not available', async (name, message) => {
    renderWithProviders(
      <ContactButtons contacts={{ whatsappNumber: '  ', malaysianNumber: null, discordUsername: '' }} />,
    );
    fireEvent.click(await screen.findByRole('button', { name }));
    expect(await screen.findByText('Contact not available')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(writeText).not.toHaveBeenCalled();
  });

  it('says the copy failed when the clipboard refuses', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    // happy-dom has no execCommand copy either, so the fallback fails too.
    renderWithProviders(<ContactButtons contacts={full} show={['discord']} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy Discord username' }));
    expect(await screen.findByText('Failed to copy')).toBeTruthy();
    expect(screen.getByText('Please try again or copy the text manually.')).toBeTruthy();
  });

  it('carries each label in words below 768 px, and only icons above', async () => {
    const phone = vi
      .spyOn(window, 'matchMedia')
      .mockImplementation((query: string) => mediaQueryList(query, query.includes('max-width: 47.99em')));
    const { unmount } = renderWithProviders(<ContactButtons contacts={full} name="Bob" />);
    const whatsapp = await screen.findByRole('link', { name: 'Chat on WhatsApp of Bob' });
    await waitFor(() => expect(whatsapp.textContent).toBe('WhatsApp'));
    expect(screen.getByRole('button', { name: 'Copy Discord username of Bob' }).textContent).toBe('Discord');
    unmount();
    phone.mockRestore();

    renderWithProviders(<ContactButtons contacts={full} name="Bob" />);
    expect((await screen.findByRole('link', { name: 'Chat on WhatsApp of Bob' })).textContent).toBe('');
  });

  it('says a missing contact calmly, not as an error', async () => {
    renderWithProviders(<ContactButtons contacts={{}} show={['discord']} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy Discord username (not provided)' }));
    const toast = await screen.findByText('Contact not available');
    expect(toast.closest('[data-tone]')?.getAttribute('data-tone')).toBe('info');
  });
});
