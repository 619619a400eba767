import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppointmentInvitationView } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { AppointmentInvitationPage } from '../invitation/invitation-page';

const token = 'b'.repeat(43);

const makeView = (overrides: Partial<AppointmentInvitationView> = {}): AppointmentInvitationView => ({
  attendeeName: 'Lucía Hernández',
  title: 'Firma de contrato — Durango 214',
  date: '2026-12-03',
  startTime: '10:00',
  endTime: '11:30',
  location: 'Sucursal Polanco, sala 2',
  googleMeetUrl: 'https://meet.jit.si/PortalPolizas-ABCDEFGHIJKLMNOP',
  branchName: 'Sucursal Polanco',
  cancelled: false,
  response: null,
  ...overrides,
});

function renderPage(routes: Parameters<typeof mockFetch>[0], query = '') {
  const net = mockFetch(routes);
  renderRoute(<AppointmentInvitationPage />, { path: '/cita/:token', url: `/cita/${token}${query}` });
  return net;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("an attendee's invitation page", () => {
  it('shows the appointment without a session, changes nothing on opening, and confirms on the button (POST)', async () => {
    const net = renderPage({
      [`GET /api/public/citas/${token}`]: { body: makeView() },
      [`POST /api/public/citas/${token}`]: { body: makeView({ response: 'yes' }) },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Cargando...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Firma de contrato — Durango 214' })).toBeInTheDocument();
    expect(screen.getByText('Sucursal Polanco')).toBeInTheDocument();
    expect(screen.getByText('jueves, 3 de diciembre de 2026')).toBeInTheDocument();
    expect(screen.getByText('10:00 – 11:30 (hora de la Ciudad de México)')).toBeInTheDocument();
    expect(screen.getByText('Sucursal Polanco, sala 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://meet.jit.si/PortalPolizas-ABCDEFGHIJKLMNOP' })).toHaveAttribute('href', 'https://meet.jit.si/PortalPolizas-ABCDEFGHIJKLMNOP');
    expect(net.calls.map((call) => call.method)).toEqual(['GET']);
    expect(net.calls[0]!.authorization).toBeNull();

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Confirmar asistencia' }));
    expect(await screen.findByText('Gracias: su asistencia quedó confirmada.')).toBeInTheDocument();
    expect(net.callsTo('POST', `/api/public/citas/${token}`)[0]!.body).toEqual({ response: 'yes' });
    expect(screen.getByRole('button', { name: 'Confirmar asistencia' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("records the answer the e-mail's link names in one tap and shows it, 'No podré asistir' first (issue 29)", async () => {
    const net = renderPage(
      {
        [`GET /api/public/citas/${token}`]: { body: makeView() },
        [`POST /api/public/citas/${token}`]: { body: makeView({ response: 'no' }) },
      },
      '?respuesta=no',
    );
    expect(await screen.findByText('Gracias por avisar: registramos que no podrá asistir.')).toBeInTheDocument();
    expect(net.callsTo('POST', `/api/public/citas/${token}`).map((call) => call.body)).toEqual([{ response: 'no' }]);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['No podré asistir', 'Confirmar asistencia']);
    expect(buttons[0]).toHaveAttribute('aria-pressed', 'true');
  });

  it("posts nothing when the link's answer is already the recorded one", async () => {
    const net = renderPage({ [`GET /api/public/citas/${token}`]: { body: makeView({ response: 'yes' }) } }, '?respuesta=si');
    expect(await screen.findByText('Gracias: su asistencia quedó confirmada.')).toBeInTheDocument();
    expect(net.callsTo('POST', `/api/public/citas/${token}`)).toHaveLength(0);
  });

  it('says so when a second answer changes the first (issue 28)', async () => {
    renderPage({
      [`GET /api/public/citas/${token}`]: { body: makeView({ response: 'yes' }) },
      [`POST /api/public/citas/${token}`]: { body: makeView({ response: 'no', changedFrom: 'yes' }) },
    });
    expect(await screen.findByText('Gracias: su asistencia quedó confirmada.')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'No podré asistir' }));
    expect(await screen.findByText('Cambió su respuesta: registramos que ya no podrá asistir. Avisamos a quien organiza la cita.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'No podré asistir' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says a wrong or expired link does not work, and a cancelled appointment takes no answer', async () => {
    renderPage({ [`GET /api/public/citas/${token}`]: { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'La invitación no existe o ya venció' } } });
    expect(await screen.findByRole('heading', { name: 'La invitación no existe o ya venció' })).toBeInTheDocument();
  });

  it('shows a cancelled appointment without the buttons', async () => {
    renderPage({ [`GET /api/public/citas/${token}`]: { body: makeView({ cancelled: true }) } });
    const article = await screen.findByRole('article');
    expect(within(article).getByText('Esta cita fue cancelada.')).toBeInTheDocument();
    expect(within(article).queryByRole('button')).not.toBeInTheDocument();
  });
});
