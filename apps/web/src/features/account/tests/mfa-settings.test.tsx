import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, storeSession } from '@/test/fixtures';
import { MfaSettings } from '../components/mfa-settings';

const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

function renderSettings(routes: Parameters<typeof mockFetch>[0]) {
  storeSession(agentUser);
  const net = mockFetch(routes);
  renderRoute(<MfaSettings />, { path: '/account' });
  return net;
}

describe("'Mi cuenta': verificación en dos pasos", () => {
  it('enrols: QR and secret, a wrong code refused, then the ten recovery codes shown once', async () => {
    const net = renderSettings({
      'GET /api/account/mfa': [{ body: { enabled: false, enabledAt: null } }, { body: { enabled: true, enabledAt: '2026-11-24T07:00:00.000Z' } }],
      'POST /api/account/mfa/setup': { body: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCode: 'data:image/png;base64,AAAA' } },
      'POST /api/account/mfa/confirm': [
        { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'El código de verificación no es válido' } },
        { body: { recoveryCodes: codes } },
      ],
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Activar verificación en dos pasos' }));
    expect(await screen.findByRole('img', { name: 'Código QR para la aplicación de autenticación' })).toBeInTheDocument();
    expect(screen.getByTestId('mfa-secret')).toHaveTextContent('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');

    await user.type(screen.getByLabelText('Código de verificación'), '12');
    await user.click(screen.getByRole('button', { name: 'Confirmar y activar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Escriba el código de 6 dígitos de su aplicación');
    expect(net.callsTo('POST', '/api/account/mfa/confirm')).toHaveLength(0);

    await user.type(screen.getByLabelText('Código de verificación'), '3456');
    await user.click(screen.getByRole('button', { name: 'Confirmar y activar' }));
    expect(await screen.findByText('El código de verificación no es válido')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirmar y activar' }));
    expect(await screen.findByText(codes[0]!)).toBeInTheDocument();
    expect(screen.getByTestId('recovery-codes').querySelectorAll('li')).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Descargar (.txt)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Listo' }));
    expect(await screen.findByRole('button', { name: 'Desactivar' })).toBeInTheDocument();
    expect(screen.queryByText(codes[0]!)).not.toBeInTheDocument();
  });

  it('disabling asks for a current code', async () => {
    const net = renderSettings({
      'GET /api/account/mfa': [{ body: { enabled: true, enabledAt: '2026-11-24T07:00:00.000Z' } }, { body: { enabled: false, enabledAt: null } }],
      'POST /api/account/mfa/disable': { status: 204 },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Desactivar' }));
    await user.click(screen.getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El campo Código de verificación es obligatorio');
    await user.type(screen.getByLabelText('Código de verificación'), '123456');
    await user.click(screen.getByRole('button', { name: 'Desactivar' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/account/mfa/disable')[0]?.body).toEqual({ code: '123456' }));
    expect(await screen.findByRole('button', { name: 'Activar verificación en dos pasos' })).toBeInTheDocument();
  });
});
