import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signingMessages } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { SignatureStep } from '../components/signature-step';

// The DOM under test has no 2D canvas: the pad is replaced by one that 'draws' on demand.
const pad = vi.hoisted(() => ({ empty: true, listeners: new Map<string, () => void>() }));
vi.mock('signature_pad', () => ({
  default: class {
    isEmpty = () => pad.empty;
    clear = () => {
      pad.empty = true;
    };
    toData = () => [];
    fromData = () => undefined;
    toDataURL = () => 'data:image/png;base64,iVBORw0KGgo=';
    off = () => undefined;
    addEventListener = (name: string, listener: () => void) => pad.listeners.set(name, listener);
    removeEventListener = () => undefined;
  },
}));

const token = 'c'.repeat(43);
const base = `/api/public/links/${token}/signing`;
const packSha256 = 'f'.repeat(64);
const signedView = { status: 'open', documents: [], packSha256, emailMasked: 'ma***@example.mx', otpVerified: true, locked: false, signedAt: '2026-11-24T12:00:00.000Z', declinedAt: null, signersSigned: 1, signersTotal: 3 };

function renderStep(onDeclined = vi.fn()) {
  renderRoute(<SignatureStep token={token} packSha256={packSha256} partyName="María López" onDeclined={onDeclined} />);
  return onDeclined;
}

describe('the signature step', () => {
  it('signs with a drawn signature after the explicit acceptance, sending the pack’s hash', async () => {
    pad.empty = true;
    const net = mockFetch({ [`POST ${base}/sign`]: { body: signedView } });
    renderStep();
    expect(screen.getByRole('tab', { name: 'Dibujar' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Firmar' }));
    expect(screen.getByRole('alert')).toHaveTextContent(signingMessages.signatureRequired);
    // A stroke on the pad.
    pad.empty = false;
    pad.listeners.get('endStroke')?.();
    await userEvent.click(screen.getByRole('button', { name: 'Firmar' }));
    expect(screen.getByRole('alert')).toHaveTextContent(signingMessages.acceptRequired);
    await userEvent.click(screen.getByRole('checkbox', { name: 'He leído los documentos y acepto firmarlos electrónicamente' }));
    await userEvent.click(screen.getByRole('button', { name: 'Firmar' }));
    await waitFor(() =>
      expect(net.calls.find((call) => call.path === `${base}/sign`)).toMatchObject({
        body: { signature: { kind: 'drawn', image: 'data:image/png;base64,iVBORw0KGgo=' }, accept: true, packSha256 },
        authorization: null,
      }),
    );
  });

  it('signs with a typed name, and "Borrar" empties the drawing', async () => {
    pad.empty = false;
    const net = mockFetch({ [`POST ${base}/sign`]: { body: signedView } });
    renderStep();
    pad.listeners.get('endStroke')?.();
    await userEvent.click(await screen.findByRole('button', { name: 'Borrar' }));
    expect(pad.empty).toBe(true);
    await userEvent.click(screen.getByRole('tab', { name: 'Escribir' }));
    await userEvent.type(screen.getByLabelText('Escriba su nombre completo'), 'María López');
    await userEvent.click(screen.getByRole('checkbox', { name: /acepto firmarlos/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Firmar' }));
    await waitFor(() => expect(net.calls.find((call) => call.path === `${base}/sign`)?.body).toMatchObject({ signature: { kind: 'typed', text: 'María López' } }));
  });

  it('shows the server’s refusal (the pack changed)', async () => {
    pad.empty = true;
    mockFetch({ [`POST ${base}/sign`]: { status: 409, body: { statusCode: 409, error: 'Conflict', message: signingMessages.packChanged } } });
    renderStep();
    await userEvent.click(screen.getByRole('tab', { name: 'Escribir' }));
    await userEvent.type(screen.getByLabelText('Escriba su nombre completo'), 'María López');
    await userEvent.click(screen.getByRole('checkbox', { name: /acepto firmarlos/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Firmar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(signingMessages.packChanged);
  });

  it('"No deseo firmar" asks the reason and sends it', async () => {
    const net = mockFetch({ [`POST ${base}/decline`]: { status: 204 } });
    const onDeclined = renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'No deseo firmar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar motivo y no firmar' }));
    expect(screen.getByRole('alert')).toHaveTextContent(signingMessages.declineReasonRequired);
    await userEvent.type(screen.getByLabelText('Motivo'), 'La renta no es la acordada');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar motivo y no firmar' }));
    await waitFor(() => expect(onDeclined).toHaveBeenCalled());
    expect(net.calls.find((call) => call.path === `${base}/decline`)?.body).toEqual({ reason: 'La renta no es la acordada' });
  });
});
