import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification, NotificationList } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, storeSession } from '@/test/fixtures';
import { NotificationBell } from '../components/notification-bell';

const listUrl = 'GET /api/notifications?limit=20';

function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 1,
    kind: 'investigation_approved',
    title: 'Investigación aprobada: INV-0042',
    body: 'La investigación INV-0042 de Lucía Hernández fue aprobada.',
    policyId: 42,
    appointmentId: null,
    leadId: null,
    readAt: null,
    createdAt: '2026-11-20T16:30:00.000Z',
    ...overrides,
  };
}

const list = (items: Notification[], unreadCount = items.filter((item) => item.readAt === null).length): { body: NotificationList } => ({
  body: { items, unreadCount, nextBefore: null },
});

function renderBell(routes: Parameters<typeof mockFetch>[0]) {
  storeSession(agentUser);
  const net = mockFetch(routes);
  const view = renderRoute(<NotificationBell />);
  return { net, ...view };
}

describe('the notifications bell', () => {
  it('shows the unread count in its Spanish name and badge', async () => {
    renderBell({ [listUrl]: list([makeNotification(), makeNotification({ id: 2 }), makeNotification({ id: 3, readAt: '2026-11-20T17:00:00.000Z' })]) });
    const bell = await screen.findByRole('button', { name: 'Notificaciones: 2 sin leer' });
    expect(within(bell).getByTestId('notification-count')).toHaveTextContent('2');
  });

  it('opens from the keyboard, lists each notification and follows the link to the expediente, marking it read', async () => {
    const { net, router } = renderBell({
      [listUrl]: [list([makeNotification(), makeNotification({ id: 2, kind: 'appointment_reminder', title: 'Recordatorio de cita: Firma', policyId: null, appointmentId: 9 })]), list([], 0)],
      'POST /api/notifications/1/read': { body: makeNotification({ readAt: '2026-11-20T17:00:00.000Z' }) },
    });
    const user = userEvent.setup({ delay: null });
    const bell = await screen.findByRole('button', { name: 'Notificaciones: 2 sin leer' });
    bell.focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Notificaciones' });
    expect(within(panel).getByRole('link', { name: /Recordatorio de cita: Firma/ })).toHaveAttribute('href', '/appointments');
    await user.click(within(panel).getByRole('link', { name: /Investigación aprobada: INV-0042/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/policies/42'));
    expect(net.callsTo('POST', '/api/notifications/1/read')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('marks one read and all read, then counts again', async () => {
    const { net } = renderBell({
      [listUrl]: [list([makeNotification(), makeNotification({ id: 2, title: 'Otra' })]), list([makeNotification({ readAt: '2026-11-20T17:00:00.000Z' }), makeNotification({ id: 2, title: 'Otra' })]), list([], 0)],
      'POST /api/notifications/2/read': { body: makeNotification({ id: 2 }) },
      'POST /api/notifications/read-all': { body: { unreadCount: 0 } },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Notificaciones: 2 sin leer' }));
    await user.click(await screen.findByRole('button', { name: 'Marcar como leída: Otra' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/notifications/2/read')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Marcar todas como leídas' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/notifications/read-all')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Notificaciones: no tienes notificaciones sin leer' })).toBeInTheDocument();
  });

  it('says so when there are none, and offers a retry when loading failed', async () => {
    const user = userEvent.setup({ delay: null });
    const empty = renderBell({ [listUrl]: list([]) });
    await user.click(await screen.findByRole('button', { name: 'Notificaciones: no tienes notificaciones sin leer' }));
    expect(await screen.findByText('No tienes notificaciones')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Marcar todas como leídas' })).toBeDisabled();
    empty.unmount();

    renderBell({ [listUrl]: [{ status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Error interno' } }, list([makeNotification()])] });
    await user.click(await screen.findByRole('button', { name: /^Notificaciones/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar las notificaciones');
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('link', { name: /Investigación aprobada/ })).toBeInTheDocument();
  });
});
