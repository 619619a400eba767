import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RentConfirmationView } from '@portal/domain';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoute } from '@/test/render';
import { RentConfirmationPage } from '../rent-confirmation-page';

const token = 'r'.repeat(43);
const path = `/api/public/rent-confirmations/${token}`;

const makeView = (overrides: Partial<RentConfirmationView> = {}): RentConfirmationView => ({
  period: '2026-12',
  periodLabel: 'diciembre 2026',
  amountDue: '18500.00',
  propertyAddress: 'Calle Durango 214, Roma Norte',
  ownerName: 'Roberto Sánchez Villa',
  branchName: 'Sucursal Polanco',
  answered: null,
  ...overrides,
});

const answered = (answer: 'full' | 'partial' | 'none') => makeView({ answered: { answer, at: '2027-03-10T18:00:00.000Z' } });

function renderPage(routes: Parameters<typeof mockFetch>[0]) {
  const net = mockFetch(routes);
  renderRoute(<RentConfirmationPage />, { path: '/r/:token', url: `/r/${token}` });
  return net;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const question = () => screen.findByRole('heading', { name: '¿Recibió la renta de diciembre 2026 ($18,500.00)?' });

describe("the owner's rent confirmation page", () => {
  it("asks about the month and records 'Sí, completa' without a session, then thanks the owner", async () => {
    const net = renderPage({ [`GET ${path}`]: { body: makeView() }, [`POST ${path}`]: { body: answered('full') } });
    expect(screen.getByRole('status')).toHaveTextContent('Cargando...');
    expect(await question()).toBeInTheDocument();
    expect(screen.getByText('Hola, Roberto Sánchez Villa:')).toBeInTheDocument();
    expect(screen.getByText('Calle Durango 214, Roma Norte')).toBeInTheDocument();
    expect(screen.getByText('Sucursal Polanco')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sí, completa' }));
    expect(await screen.findByText('Gracias, registramos su respuesta.')).toBeInTheDocument();
    expect(screen.getByText('Registramos que recibió la renta de diciembre 2026 completa.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Parcial' })).not.toBeInTheDocument();
    expect(net.callsTo('POST', path)).toEqual([expect.objectContaining({ body: { answer: 'full' }, authorization: null })]);
  });

  it("'Parcial' asks how much, refuses an amount not below what is owed, and sends the amount", async () => {
    const net = renderPage({ [`GET ${path}`]: { body: makeView() }, [`POST ${path}`]: { body: answered('partial') } });
    await question();
    await userEvent.click(screen.getByRole('button', { name: 'Parcial' }));
    const amount = screen.getByRole('textbox', { name: 'Importe recibido' });
    expect(amount).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('El campo Importe es obligatorio')).toBeInTheDocument();
    await userEvent.type(amount, '18500');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('El campo Importe debe ser menor que $18,500.00')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(net.callsTo('POST', path)).toHaveLength(0);
    await userEvent.clear(amount);
    await userEvent.type(amount, '9,000.5');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Registramos que recibió una parte de la renta de diciembre 2026.')).toBeInTheDocument();
    expect(net.callsTo('POST', path)[0]?.body).toEqual({ answer: 'partial', amount: '9000.50' });
  });

  it("'No' asks to confirm first ('Volver' goes back), then tells the owner the office will follow up", async () => {
    const net = renderPage({ [`GET ${path}`]: { body: makeView() }, [`POST ${path}`]: { body: answered('none') } });
    await question();
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.getByRole('heading', { name: '¿Confirma que no recibió la renta de diciembre 2026?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Volver' }));
    expect(screen.getByRole('button', { name: 'Sí, completa' })).toBeInTheDocument();
    expect(net.callsTo('POST', path)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sí, no la recibí' }));
    expect(await screen.findByText('Avisamos a la oficina que no recibió la renta de diciembre 2026.')).toBeInTheDocument();
    expect(net.callsTo('POST', path)[0]?.body).toEqual({ answer: 'none' });
  });

  it('says a link answered before was answered, with the answer and no buttons', async () => {
    renderPage({ [`GET ${path}`]: { body: answered('partial') } });
    expect(await screen.findByText('Ya respondió esta confirmación.')).toBeInTheDocument();
    expect(screen.getByText('Parcial')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText('Gracias, registramos su respuesta.')).not.toBeInTheDocument();
  });

  it('answered meanwhile elsewhere (409): reads the link again and says it was answered', async () => {
    renderPage({
      [`GET ${path}`]: [{ body: makeView() }, { body: answered('full') }],
      [`POST ${path}`]: { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'Ya respondió esta confirmación.' } },
    });
    await question();
    await userEvent.click(screen.getByRole('button', { name: 'Sí, completa' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sí, completa' })).not.toBeInTheDocument());
    expect(screen.getAllByText('Ya respondió esta confirmación.').length).toBeGreaterThan(0);
  });

  it('shows the plain invalid-link page for a link that is not valid', async () => {
    renderPage({ [`GET ${path}`]: { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Este enlace ya no es válido' } } });
    expect(await screen.findByRole('heading', { name: 'Este enlace ya no es válido' })).toBeInTheDocument();
    expect(screen.getByText('Pida a la oficina que le envíe uno nuevo.')).toBeInTheDocument();
  });

  it('offers to try again when the server cannot be reached', async () => {
    const unavailable = { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'El servicio no está disponible' } };
    renderPage({ [`GET ${path}`]: [unavailable, unavailable, unavailable, { body: makeView() }] });
    expect(await screen.findByText('No se pudo abrir el enlace', {}, { timeout: 8000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await question()).toBeInTheDocument();
  }, 15_000);
});
