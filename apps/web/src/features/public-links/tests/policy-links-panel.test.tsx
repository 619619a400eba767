import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, storeSession } from '@/test/fixtures';
import { PolicyLinksPanel } from '../components/policy-links-panel';
import { makeIssued, makeLink, makeLinks, token } from './link-fixtures';

function renderPanel(routes: Parameters<typeof mockFetch>[0], uploadOpen = true) {
  storeSession(agentUser);
  const net = mockFetch(routes);
  renderRoute(<PolicyLinksPanel policyId={5} folio="INV-042" uploadOpen={uploadOpen} />);
  return net;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('PolicyLinksPanel', () => {
  it("lists each link with the person, purpose, state, expiry and last sending", async () => {
    renderPanel({
      'GET /api/policy/5/links': {
        body: makeLinks({ links: [makeLink(), makeLink({ id: 12, party: 'owner', partyName: 'Roberto Sánchez', state: 'revoked', lastSentAt: null })] }),
      },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Cargando enlaces...');
    const rows = await screen.findAllByTestId('public-link');
    expect(rows[0]).toHaveTextContent('Inquilino 1: María López');
    expect(rows[0]).toHaveTextContent('Enviado');
    expect(rows[0]).toHaveTextContent('Subir documentos');
    expect(rows[0]).toHaveTextContent(/Vence: 01 dic 2026/);
    expect(rows[1]).toHaveTextContent('Propietario: Roberto Sánchez');
    expect(rows[1]).toHaveTextContent('Revocado');
    expect(rows[1]).toHaveTextContent('No enviado por correo');
    // A revoked link has nothing left to do.
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Reenviar el enlace de Inquilino 1: María López' })).toBeInTheDocument();
  });

  it('says so when there are no links yet', async () => {
    renderPanel({ 'GET /api/policy/5/links': { body: makeLinks({ links: [] }) } });
    expect(await screen.findByText('Aún no hay enlaces para esta póliza.')).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    renderPanel({
      'GET /api/policy/5/links': [{ status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Ocurrió un error interno' } }, { body: makeLinks() }],
    });
    expect(await screen.findByText('Error al cargar los enlaces')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('public-link')).toBeInTheDocument();
  });

  it("'Nuevo enlace' creates one for the chosen person and shows its URL once, to copy or send by WhatsApp", async () => {
    const net = renderPanel({
      'GET /api/policy/5/links': { body: makeLinks({ links: [] }) },
      'POST /api/policy/5/links': { status: 201, body: makeIssued() },
    });
    const writeText = vi.fn().mockResolvedValue(undefined);
    const user = userEvent.setup({ delay: null });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(await screen.findByRole('button', { name: 'Nuevo enlace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo enlace' });
    expect(within(dialog).getByLabelText('Vigencia (días)')).toHaveValue(7);
    await user.selectOptions(within(dialog).getByLabelText('Persona'), 'Propietario: Roberto Sánchez');
    await user.click(within(dialog).getByLabelText('Enviar por correo'));
    expect(within(dialog).getByText('Se enviará a roberto@example.mx.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Vigencia (días)'));
    await user.type(within(dialog).getByLabelText('Vigencia (días)'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Crear enlace' }));

    await waitFor(() => expect(net.callsTo('POST', '/api/policy/5/links')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/policy/5/links')[0]?.body).toEqual({ party: 'owner', partyIndex: 0, expiresInDays: 10, sendEmail: true });
    const issued = await screen.findByRole('dialog', { name: 'Enlace listo' });
    const url = within(issued).getByLabelText('Enlace');
    expect(url).toHaveValue(`https://polizas.test/p/${token}`);
    expect(url).toHaveAttribute('readonly');
    expect(issued).toHaveTextContent('Este enlace solo se muestra ahora.');
    const whatsapp = within(issued).getByRole('link', { name: 'Enviar por WhatsApp' });
    expect(whatsapp).toHaveAttribute('href', 'https://wa.me/525511122233?text=Hola');
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(whatsapp.getAttribute('rel')).toContain('noopener');
    await user.click(within(issued).getByRole('button', { name: 'Copiar enlace' }));
    expect(writeText).toHaveBeenCalledWith(`https://polizas.test/p/${token}`);
  });

  it('cannot e-mail a person without e-mail, and has no WhatsApp without a mobile number', async () => {
    renderPanel({
      'GET /api/policy/5/links': { body: makeLinks({ links: [] }) },
      'POST /api/policy/5/links': { status: 201, body: makeIssued(makeLink({ id: 13, partyIndex: 1, partyName: 'Pedro Ruiz', email: '', phone: '' }), null) },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Nuevo enlace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo enlace' });
    await user.selectOptions(within(dialog).getByLabelText('Persona'), 'Inquilino 2: Pedro Ruiz');
    expect(within(dialog).getByLabelText('Enviar por correo')).toBeDisabled();
    expect(within(dialog).getByText(/no tiene correo electrónico registrado/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Crear enlace' }));
    const issued = await screen.findByRole('dialog', { name: 'Enlace listo' });
    expect(within(issued).getByRole('button', { name: 'Sin número móvil' })).toBeDisabled();
    expect(within(issued).queryByRole('link')).not.toBeInTheDocument();
  });

  it('names a vigencia out of range without sending, and shows the server refusal in the dialog', async () => {
    const net = renderPanel({
      'GET /api/policy/5/links': { body: makeLinks({ links: [] }) },
      'POST /api/policy/5/links': { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'La investigación de esta póliza ya no recibe documentos' } },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Nuevo enlace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo enlace' });
    await user.clear(within(dialog).getByLabelText('Vigencia (días)'));
    await user.type(within(dialog).getByLabelText('Vigencia (días)'), '45');
    await user.click(within(dialog).getByRole('button', { name: 'Crear enlace' }));
    expect(await within(dialog).findByText('La vigencia debe estar entre 1 y 30 días')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/policy/5/links')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('Vigencia (días)'));
    await user.type(within(dialog).getByLabelText('Vigencia (días)'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Crear enlace' }));
    expect(await within(dialog).findByText('La investigación de esta póliza ya no recibe documentos')).toBeInTheDocument();
  });

  it("'Revocar' asks first, then revokes", async () => {
    const net = renderPanel({
      'GET /api/policy/5/links': [{ body: makeLinks() }, { body: makeLinks({ links: [makeLink({ state: 'revoked' })] }) }],
      'POST /api/policy/5/links/11/revoke': { body: makeLink({ state: 'revoked' }) },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Revocar el enlace de Inquilino 1: María López' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Revocar este enlace?' });
    expect(confirm).toHaveTextContent('La persona ya no podrá usarlo.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(net.callsTo('POST', '/api/policy/5/links/11/revoke')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revocar el enlace de Inquilino 1: María López' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revocar' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/policy/5/links/11/revoke')).toHaveLength(1));
    expect(await screen.findByText('Revocado')).toBeInTheDocument();
  });

  it("'Reenviar' makes a new URL for the same person and shows it", async () => {
    const net = renderPanel({
      'GET /api/policy/5/links': { body: makeLinks() },
      'POST /api/policy/5/links/11/resend': { body: makeIssued(makeLink()) },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Reenviar el enlace de Inquilino 1: María López' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reenviar enlace' });
    expect(dialog).toHaveTextContent('el anterior dejará de funcionar');
    await user.click(within(dialog).getByRole('button', { name: 'Reenviar' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/policy/5/links/11/resend')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/policy/5/links/11/resend')[0]?.body).toEqual({ expiresInDays: 7, sendEmail: false });
    expect(await screen.findByRole('dialog', { name: 'Enlace listo' })).toBeInTheDocument();
  });

  it("'Reenviar' a signing link only e-mails it to the signer and never shows its URL (issue 35)", async () => {
    const signing = makeLink({ id: 13, purpose: 'sign', signingRoundId: 3, email: 'maria.firma@example.mx' });
    const net = renderPanel({
      'GET /api/policy/5/links': { body: makeLinks({ links: [signing] }) },
      'POST /api/policy/5/links/13/resend': { body: { link: signing, url: null, whatsappUrl: null } },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Reenviar el enlace de Inquilino 1: María López' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reenviar enlace' });
    const byEmail = within(dialog).getByLabelText('Enviar por correo');
    expect(byEmail).toBeChecked();
    expect(byEmail).toBeDisabled();
    // The address the link was made for, the signer's, not the policy's current one.
    expect(dialog).toHaveTextContent('solo se envía por correo a quien firma (maria.firma@example.mx)');
    await user.click(within(dialog).getByRole('button', { name: 'Reenviar' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/policy/5/links/13/resend')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/policy/5/links/13/resend')[0]?.body).toEqual({ expiresInDays: 7, sendEmail: true });
    const issued = await screen.findByRole('dialog', { name: 'Enlace listo' });
    expect(issued).toHaveTextContent('El enlace de firma se envió por correo a maria.firma@example.mx');
    expect(within(issued).queryByLabelText('Enlace')).not.toBeInTheDocument();
    expect(within(issued).queryByRole('button', { name: /Copiar/ })).not.toBeInTheDocument();
    expect(within(issued).queryByText('Enviar por WhatsApp')).not.toBeInTheDocument();
    expect(issued.textContent).not.toContain('/p/');
  });

  it('offers no new link once the investigation is closed', async () => {
    renderPanel({ 'GET /api/policy/5/links': { body: makeLinks() } }, false);
    expect(await screen.findByRole('button', { name: 'Nuevo enlace' })).toBeDisabled();
    expect(screen.getByText(/ya no recibe documentos/)).toBeInTheDocument();
  });
});
