import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import ContactUsPage from './ContactUsPage';
import { renderWithApp } from '@/test/render';

afterEach(() => vi.unstubAllGlobals());

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('ContactUsPage', () => {
  it('refuses blank-after-trimming fields with "Missing Information" and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<ContactUsPage />);
    fill('Name', '   ');
    fill('Email', 'a@b.co');
    fill('Message', 'Hello');
    await act(async () => {
      fireEvent.submit(screen.getByRole('form', { name: 'Contact form' }));
    });
    expect(await screen.findByText('Missing Information')).toBeTruthy();
    expect(screen.getByText('Please fill in all required fields.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows "Sending...", then "Message Sent" and resets the form', async () => {
    let answer: (value: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<ContactUsPage />);
    fill('Name', 'Ann');
    fill('Email', 'ann@example.com');
    fill('Message', 'Do you list hotels in Oslo?');
    fireEvent.change(screen.getByLabelText('Inquiry type'), { target: { value: 'booking' } });
    await act(async () => {
      fireEvent.submit(screen.getByRole('form', { name: 'Contact form' }));
    });
    expect((screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement).disabled).toBe(true);
    const body = JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body).toEqual({ name: 'Ann', email: 'ann@example.com', message: 'Do you list hotels in Oslo?', inquiryType: 'booking' });
    await act(async () => {
      answer(new Response(JSON.stringify({ id: 'x', message: 'ok' }), { status: 201 }));
    });
    expect(await screen.findByText('Message Sent')).toBeTruthy();
    expect(screen.getByText("Thank you for contacting us! We'll get back to you within 24 hours.")).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Inquiry type') as HTMLSelectElement).value).toBe('general');
  });
});
