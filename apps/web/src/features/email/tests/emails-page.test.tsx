import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EmailList, OutboxEmail } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, storeSession } from '@/test/fixtures';
import { EmailsPage } from '../pages/emails-page';

function makeEmail(overrides: Partial<OutboxEmail> = {}): OutboxEmail {
  return {
    id: 1,
    recipient: 'lucia@example.mx',
    subject: 'Recordatorio de cita: Firma',
    kind: 'appointment_reminder',
    status: 'queued',
    attempts: 0,
    lastError: null,
    nextAttemptAt: '2026-11-20T16:30:00.000Z',
    sentAt: null,
    createdAt: '2026-11-20T16:30:00.000Z',
    attachmentNames: ['cita.ics'],
    ...overrides,
  };
}

const page = (items: OutboxEmail[], smtpConfigured = true): { body: EmailList } => ({ body: { items, nextBefore: null, smtpConfigured } });
const allUrl = 'GET /api/admin/emails?limit=50';

function renderEmails(routes: Parameters<typeof mockFetch>[0]) {
  storeSession(adminUser);
  const net = mockFetch(routes);
  renderRoute(<EmailsPage />, { path: '/admin/emails' });
  return net;
}

describe("'Correos salientes'", () => {
  it("names every kind in Spanish, the e-mails that are not notifications too (never 'signing_code')", async () => {
    renderEmails({
      [allUrl]: page([
        makeEmail({ id: 1, subject: 'Invitación', kind: 'appointment_invitation' }),
        makeEmail({ id: 2, subject: 'Código', kind: 'signing_code' }),
        makeEmail({ id: 3, subject: 'Enlace', kind: 'link_upload' }),
      ]),
    });
    expect(within(await screen.findByRole('article', { name: /Invitación/ })).getByText('Invitación a cita')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: /Código/ })).getByText('Código para firmar')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: /Enlace/ })).getByText('Enlace para subir documentos')).toBeInTheDocument();
    expect(screen.queryByText('signing_code')).not.toBeInTheDocument();
  });

  it('warns when SMTP is not configured and shows each e-mail with its status, attempts and error', async () => {
    renderEmails({
      [allUrl]: page(
        [
          makeEmail(),
          makeEmail({ id: 2, subject: 'Aviso fallido', recipient: 'x@example.mx', status: 'failed', attempts: 8, lastError: '550 Buzón inexistente', attachmentNames: [] }),
          makeEmail({ id: 3, subject: 'Aviso enviado', status: 'sent', attempts: 1, sentAt: '2026-11-20T16:31:00.000Z', attachmentNames: [] }),
        ],
        false,
      ),
    });
    expect(await screen.findByRole('note')).toHaveTextContent('El envío de correo no está configurado (SMTP_URL): los correos quedan en cola.');
    const queued = screen.getByRole('article', { name: /Recordatorio de cita: Firma/ });
    expect(within(queued).getByText('En cola')).toBeInTheDocument();
    expect(within(queued).getByText('cita.ics')).toBeInTheDocument();
    expect(within(queued).queryByRole('button', { name: /Reintentar/ })).not.toBeInTheDocument();
    const failed = screen.getByRole('article', { name: /Aviso fallido/ });
    expect(within(failed).getByText('Fallido')).toBeInTheDocument();
    expect(within(failed).getByText('8')).toBeInTheDocument();
    expect(within(failed).getByText('550 Buzón inexistente')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: /Aviso enviado/ })).getByText('Enviado', { selector: 'span' })).toBeInTheDocument();
  });

  it('filters by status and retries a failed e-mail', async () => {
    const net = renderEmails({
      [allUrl]: page([makeEmail()]),
      'GET /api/admin/emails?status=failed&limit=50': [page([makeEmail({ id: 2, subject: 'Aviso fallido', status: 'failed', attempts: 8 })]), page([])],
      'POST /api/admin/emails/2/retry': { status: 204 },
    });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('article', { name: /Recordatorio/ });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Estatus'), 'failed');
    await user.click(await screen.findByRole('button', { name: 'Reintentar: Aviso fallido a lucia@example.mx' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/admin/emails/2/retry')).toHaveLength(1));
    expect(await screen.findByText('No hay correos')).toBeInTheDocument();
  });

  it('shows the error state with a retry', async () => {
    renderEmails({ [allUrl]: [{ status: 500, body: { statusCode: 500, error: 'x', message: 'Error interno' } }, page([])] });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('No hay correos')).toBeInTheDocument();
  });
});
