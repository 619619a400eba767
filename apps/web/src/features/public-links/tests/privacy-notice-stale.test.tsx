import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PrivacyNotice } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, storeSession } from '@/test/fixtures';
import { PrivacyNoticePage } from '../pages/privacy-notice-page';

/** Issue 28: two admins on the aviso; the second save is refused and keeps what was typed (decision 023). */
const stale = 'María López guardó cambios a las 10:42. Recargue para verlos; lo que usted escribió sigue aquí.';
const v3: PrivacyNotice = { version: 3, text: 'AVISO DE PRIVACIDAD, versión tres, como estaba al abrir el editor en esta pestaña.', createdAt: '2026-11-01T16:00:00.000Z', createdByName: 'Sistema' };
const v4: PrivacyNotice = { version: 4, text: 'AVISO DE PRIVACIDAD, versión cuatro, la que María guardó desde la otra pestaña.', createdAt: '2026-11-27T16:42:00.000Z', createdByName: 'María López' };
const typed = 'AVISO DE PRIVACIDAD, lo que se escribió en esta pestaña antes de guardar tarde.';

afterEach(() => vi.restoreAllMocks());

describe("'Aviso de privacidad': someone saved first", () => {
  it('sends the version it opened at, keeps the typed text on a 412, and Recargar shows the other save', { timeout: 20_000 }, async () => {
    storeSession(adminUser);
    const net = mockFetch({
      'GET /api/admin/privacy-notice': [{ body: { current: v3, versions: [v3] } }, { body: { current: v4, versions: [v4, v3] } }],
      'PUT /api/admin/privacy-notice': { status: 412, body: { statusCode: 412, error: 'Precondition Failed', message: stale } },
    });
    renderRoute(<PrivacyNoticePage />, { path: '/admin/privacy' });
    const user = userEvent.setup({ delay: null });
    const editor = await screen.findByRole('textbox', { name: 'Texto del aviso' });
    await user.clear(editor);
    await user.type(editor, typed);
    await user.click(screen.getByRole('button', { name: 'Guardar nueva versión' }));

    expect(await screen.findByText(stale)).toBeInTheDocument();
    expect(net.callsTo('PUT', '/api/admin/privacy-notice')[0]?.ifMatch).toBe('"v3"');
    expect(screen.getByRole('textbox', { name: 'Texto del aviso' })).toHaveValue(typed);

    await user.click(screen.getByRole('button', { name: 'Recargar' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Texto del aviso' })).toHaveValue(v4.text));
  });
});
