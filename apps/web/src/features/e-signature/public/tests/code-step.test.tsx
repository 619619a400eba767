import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signingMessages } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { CodeStep } from '../components/code-step';

const token = 'b'.repeat(43);
const base = `/api/public/links/${token}/signing`;
const codeSent = { body: { emailMasked: 'ma***@example.mx', resendAfterSeconds: 60 } };
const error = (status: number, message: string) => ({ status, body: { statusCode: status, error: 'Error', message } });

describe('the one-time code step', () => {
  it('sends the code, takes 6 digits from a numeric one-time-code field and confirms them without a session', async () => {
    const net = mockFetch({ [`POST ${base}/code`]: codeSent, [`POST ${base}/verify`]: { status: 204 }, [`GET ${base}`]: { status: 404 } });
    renderRoute(<CodeStep token={token} emailMasked="ma***@example.mx" />);
    expect(screen.getByText(/a su correo ma\*\*\*@example\.mx/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    const input = await screen.findByLabelText('Código');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('button', { name: /Reenviar código \(\d+ s\)/ })).toBeDisabled();
    await userEvent.type(input, '12a3456');
    expect(input).toHaveValue('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar código' }));
    await waitFor(() => expect(net.calls.find((call) => call.path === `${base}/verify`)).toMatchObject({ body: { code: '123456' }, authorization: null }));
    expect(net.calls.find((call) => call.path === `${base}/code`)).toMatchObject({ method: 'POST', authorization: null });
  });

  it('asks for 6 digits before calling the server', async () => {
    const net = mockFetch({ [`POST ${base}/code`]: codeSent });
    renderRoute(<CodeStep token={token} emailMasked="ma***@example.mx" />);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    await userEvent.type(await screen.findByLabelText('Código'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar código' }));
    expect(screen.getByRole('alert')).toHaveTextContent(signingMessages.codeRequired);
    expect(net.calls.some((call) => call.path === `${base}/verify`)).toBe(false);
  });

  it('shows the tries left after a wrong code and clears the field', async () => {
    mockFetch({ [`POST ${base}/code`]: codeSent, [`POST ${base}/verify`]: error(400, signingMessages.codeWrong(3)) });
    renderRoute(<CodeStep token={token} emailMasked="ma***@example.mx" />);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    const input = await screen.findByLabelText('Código');
    await userEvent.type(input, '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Le quedan 3 intentos');
    expect(input).toHaveValue('');
  });

  it('says when another code cannot be sent yet', async () => {
    mockFetch({ [`POST ${base}/code`]: error(429, signingMessages.codeTooSoon(42)) });
    renderRoute(<CodeStep token={token} emailMasked="ma***@example.mx" />);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Espere 42 segundos antes de pedir otro código');
    // The code sent before (the page was reloaded) can still be typed.
    expect(screen.getByLabelText('Código')).toBeInTheDocument();
  });
});
