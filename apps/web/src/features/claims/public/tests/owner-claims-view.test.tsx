import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { claimOwnerNextSteps, type ClaimOwnerView } from '@portal/domain';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoute } from '@/test/render';
import { mockUploads } from '@/test/xhr-mock';
import { OwnerClaimsView } from '../owner-claims-view';

const token = 'o'.repeat(43);
const path = `/api/public/claims/${token}`;

const openCase = { number: 'INC-00012', type: 'non_payment', typeLabel: 'Falta de pago', stageLabel: 'Gestión extrajudicial', nextStep: claimOwnerNextSteps.extrajudicial, openedOn: '2027-02-10', lastChangeOn: '2027-03-01', closed: false } as const;
const closedCase = { number: 'INC-00003', type: 'property_damage', typeLabel: 'Daños al inmueble', stageLabel: 'Cerrada', nextStep: claimOwnerNextSteps.closed, openedOn: '2026-05-02', lastChangeOn: '2026-08-20', closed: true } as const;

const makeView = (overrides: Partial<ClaimOwnerView> = {}): ClaimOwnerView => ({
  policyFolio: 'POL-2026-00042',
  propertyAddress: 'Calle Durango 214 Roma Norte Cuauhtémoc',
  ownerName: 'Rosa Martínez',
  branchName: 'Sucursal Polanco',
  expiresAt: '2027-06-08T18:00:00.000Z',
  cases: [openCase, closedCase],
  ...overrides,
});

function renderView(routes: Parameters<typeof mockFetch>[0]) {
  const net = mockFetch(routes);
  renderRoute(<OwnerClaimsView token={token} />, { path: '/p/:token', url: `/p/${token}` });
  return net;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the owner's incidencias page", () => {
  it('shows loading, then each case with its stage, next step and dates, open ones apart from closed ones', async () => {
    renderView({ [`GET ${path}`]: { body: makeView() } });
    expect(screen.getByRole('status')).toHaveTextContent('Cargando sus incidencias...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Rosa Martínez' })).toBeInTheDocument();
    const open = within(screen.getByRole('list', { name: 'Incidencias abiertas' }));
    expect(open.getByText('INC-00012')).toBeInTheDocument();
    expect(open.getByText('Falta de pago')).toBeInTheDocument();
    expect(open.getByText('Gestión extrajudicial')).toBeInTheDocument();
    expect(open.getByText(claimOwnerNextSteps.extrajudicial)).toBeInTheDocument();
    expect(open.getByText('Reportada el 10 feb 2027 · último cambio el 01 mar 2027')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Incidencias cerradas' })).getByText('INC-00003')).toBeInTheDocument();
    expect(screen.getByText(/POL-2026-00042/)).toBeInTheDocument();
  });

  it("says 'No tiene incidencias abiertas' when none is open", async () => {
    renderView({ [`GET ${path}`]: { body: makeView({ cases: [] }) } });
    expect(await screen.findByText('No tiene incidencias abiertas')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Incidencias cerradas' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Reportar un problema' })).toBeInTheDocument();
  });

  it('shows an error with Reintentar when the page cannot load', async () => {
    renderView({ [`GET ${path}`]: { status: 500, body: { statusCode: 500, error: 'Internal Server Error', code: 'internal_error', message: 'Ocurrió un error interno. Intente nuevamente.' } } });
    expect(await screen.findByText('No se pudieron cargar sus incidencias', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});

describe("'Reportar un problema'", () => {
  it('names what is missing without sending, then asks to confirm and sends JSON when there are no files', async () => {
    const net = renderView({ [`GET ${path}`]: { body: makeView({ cases: [] }) }, [`POST ${path}`]: { status: 201, body: { number: 'INC-00031' } } });
    const user = userEvent.setup({ delay: null });
    const form = within(await screen.findByRole('region', { name: 'Reportar un problema' }));
    await user.click(form.getByRole('button', { name: 'Enviar reporte' }));
    expect(form.getByText('Elija el tipo de problema')).toBeInTheDocument();
    expect(form.getByText('Describa el problema')).toBeInTheDocument();
    expect(net.callsTo('POST', path)).toHaveLength(0);

    await user.selectOptions(form.getByLabelText('Tipo de problema'), 'Daños al inmueble');
    await user.type(form.getByLabelText('Descripción'), 'Se rompió la ventana de la recámara');
    await user.click(form.getByRole('button', { name: 'Enviar reporte' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: '¿Enviar su reporte?' }));
    expect(dialog.getByText(/Daños al inmueble, sin archivos/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Enviar reporte' }));
    expect(await screen.findByText(/Recibimos su reporte INC-00031\./)).toBeInTheDocument();
    const [sent] = net.callsTo('POST', path);
    expect(sent!.body).toEqual({ type: 'property_damage', description: 'Se rompió la ventana de la recámara' });
    expect(sent!.authorization).toBeNull();
    // The form is ready for another report, and the list is read again.
    expect(form.getByLabelText('Descripción')).toHaveValue('');
    await waitFor(() => expect(net.callsTo('GET', path).length).toBeGreaterThan(1));
  });

  it('shows the chosen photos and PDFs with their sizes, takes one out, and sends the rest in «files» (multipart, no session)', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:foto');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const xhr = mockUploads(() => ({ status: 201, body: { number: 'INC-00032' } }));
    renderView({ [`GET ${path}`]: { body: makeView() } });
    const user = userEvent.setup({ delay: null });
    const form = within(await screen.findByRole('region', { name: 'Reportar un problema' }));
    await user.selectOptions(form.getByLabelText('Tipo de problema'), 'Falta de pago');
    await user.type(form.getByLabelText('Descripción'), 'No ha pagado marzo');
    const photo = new File([new Uint8Array(2048)], 'fachada.jpg', { type: 'image/jpeg' });
    const pdf = new File(['%PDF-1.4'], 'recibo.pdf', { type: 'application/pdf' });
    const extra = new File(['x'], 'otra.png', { type: 'image/png' });
    await user.upload(form.getByLabelText('Agregar fotos o archivos'), [photo, pdf, extra]);
    const chosen = within(form.getByRole('list', { name: 'Archivos elegidos' }));
    expect(chosen.getAllByRole('listitem')).toHaveLength(3);
    expect(chosen.getByText('2.0 KB')).toBeInTheDocument();
    expect(chosen.getByRole('img', { name: 'Vista previa de fachada.jpg' })).toHaveAttribute('src', 'blob:foto');
    await user.click(chosen.getByRole('button', { name: 'Quitar otra.png' }));
    expect(chosen.getAllByRole('listitem')).toHaveLength(2);

    await user.click(form.getByRole('button', { name: 'Enviar reporte' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText(/Falta de pago, con 2 archivos/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Enviar reporte' }));
    expect(await screen.findByText(/Recibimos su reporte INC-00032\./)).toBeInTheDocument();
    const [sent] = xhr.uploadsTo(path);
    expect(sent!.authorization).toBeNull();
    expect(sent!.form!.get('type')).toBe('non_payment');
    expect(sent!.form!.get('description')).toBe('No ha pagado marzo');
    expect((sent!.form!.getAll('files') as File[]).map((file) => file.name)).toEqual(['fachada.jpg', 'recibo.pdf']);
  });

  it('refuses a sixth file and a file that is not a photo or PDF, before sending', async () => {
    renderView({ [`GET ${path}`]: { body: makeView() } });
    const user = userEvent.setup({ applyAccept: false, delay: null });
    const form = within(await screen.findByRole('region', { name: 'Reportar un problema' }));
    await user.upload(form.getByLabelText('Agregar fotos o archivos'), [new File(['x'], 'virus.exe', { type: 'application/x-msdownload' })]);
    expect(form.getByRole('alert')).toHaveTextContent('Tipo de archivo no permitido: envíe fotos JPG o PNG, o archivos PDF');
    const six = Array.from({ length: 6 }, (_, index) => new File(['%PDF'], `doc-${index}.pdf`, { type: 'application/pdf' }));
    await user.upload(form.getByLabelText('Agregar fotos o archivos'), six);
    expect(within(form.getByRole('list', { name: 'Archivos elegidos' })).getAllByRole('listitem')).toHaveLength(5);
    expect(form.getByRole('alert')).toHaveTextContent('Puede adjuntar como máximo 5 fotos o archivos');
    expect(form.getByLabelText('Agregar fotos o archivos')).toBeDisabled();
  });

  it("puts the server's refusal under the field it names, and another failure above the button", async () => {
    const refusal = { statusCode: 415, error: 'Unsupported Media Type', code: 'unsupported_media_type', message: 'Tipo de archivo no permitido: envíe fotos JPG o PNG, o archivos PDF', details: [{ field: 'files', message: 'Tipo de archivo no permitido: envíe fotos JPG o PNG, o archivos PDF' }] };
    mockUploads(() => ({ status: 415, body: refusal }));
    const net = renderView({
      [`GET ${path}`]: { body: makeView() },
      [`POST ${path}`]: { status: 404, body: { statusCode: 404, error: 'Not Found', code: 'not_found', message: 'Este enlace ya no es válido' } },
    });
    const user = userEvent.setup({ delay: null });
    const form = within(await screen.findByRole('region', { name: 'Reportar un problema' }));
    await user.selectOptions(form.getByLabelText('Tipo de problema'), 'Otro');
    await user.type(form.getByLabelText('Descripción'), 'Ruido');
    await user.upload(form.getByLabelText('Agregar fotos o archivos'), [new File(['x'], 'foto.png', { type: 'image/png' })]);
    await user.click(form.getByRole('button', { name: 'Enviar reporte' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Enviar reporte' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Tipo de archivo no permitido');

    await user.click(form.getByRole('button', { name: 'Quitar foto.png' }));
    await user.click(form.getByRole('button', { name: 'Enviar reporte' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Enviar reporte' }));
    expect(await form.findByText('Este enlace ya no es válido')).toBeInTheDocument();
    expect(net.callsTo('POST', path)).toHaveLength(1);
  });
});
