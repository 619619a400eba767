import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { ClaimDocument, ClaimFile } from '@portal/domain';
import { agentUser } from '@/test/fixtures';
import { mockUploads } from '@/test/xhr-mock';
import { approverUser, claimPath, fieldError, makeClaim, renderClaimPage } from './claim-page-fixtures';

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

const demand: ClaimDocument = { id: 70, kind: 'payment_demand', fileName: 'requerimiento-INC-00042.pdf', size: 48_000, sha256: 'ab'.repeat(32), createdBy: 'Lucía Abogada', createdAt: '2027-03-10T17:00:00.000Z' };
const photo: ClaimFile = { id: 80, fileName: 'fuga.jpg', mimeType: 'image/jpeg', size: 200_000, uploadedBy: 'Propietario (por enlace)', createdAt: '2027-03-01T16:00:00.000Z' };

describe("an incidencia's 'Documentos'", () => {
  it('draws a template after asking, lists it and downloads it with the token', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:doc');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup({ delay: null });
    const net = renderClaimPage(agentUser, {
      [claimPath]: [{ body: makeClaim() }, { body: makeClaim({ documents: [demand], version: 4 }) }],
      'POST /api/claims/42/documents/payment_demand': { status: 201, body: demand },
      'GET /api/claims/documents/70': { body: 'pdf' },
    }, 'documentos');
    expect(await screen.findByText('El texto es un borrador para revisión del abogado de la oficina; no constituye asesoría legal.')).toBeInTheDocument();
    expect(screen.getByText('Aún no se genera ningún documento.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Requerimiento de pago' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Generar requerimiento de pago?' });
    expect(net.callsTo('POST', '/api/claims/42/documents/payment_demand')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Generar' }));

    const list = await screen.findByRole('list', { name: 'Documentos generados' });
    expect(list).toHaveTextContent('Requerimiento de pago · 10 mar 2027, 11:00 · Lucía Abogada · 47 KB');
    await vi.waitFor(() => expect(net.callsTo('GET', '/api/claims/42')).toHaveLength(2));
    await user.click(within(list).getByRole('button', { name: 'Descargar requerimiento-INC-00042.pdf' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect(net.callsTo('GET', '/api/claims/documents/70')[0]!.authorization).toBe('Bearer access-1');
  });

  it("shows the server's refusal to draw a document", async () => {
    const user = userEvent.setup({ delay: null });
    const refusal = 'Los documentos de cobranza no pueden imitar un documento judicial (contiene «juzgado»)';
    renderClaimPage(agentUser, { [claimPath]: { body: makeClaim() }, 'POST /api/claims/42/documents/guarantor_letter': fieldError('kind', refusal) }, 'documentos');
    await user.click(await screen.findByRole('button', { name: 'Carta a obligados solidarios' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Generar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(toast.error).toHaveBeenCalledWith('No se generó el documento', expect.objectContaining({ description: refusal }));
  });

  it('uploads evidence as multipart «file» and lists it with who added it', async () => {
    const user = userEvent.setup({ delay: null });
    const xhr = mockUploads(() => ({ status: 201, body: makeClaim({ files: [photo], version: 4 }) }));
    renderClaimPage(agentUser, { [claimPath]: { body: makeClaim() } }, 'documentos');
    expect(await screen.findByText('Sin evidencias.')).toBeInTheDocument();
    const input = screen.getByLabelText('Archivo de evidencia');
    expect(input).toHaveAttribute('accept', 'image/*,application/pdf');
    await user.upload(input, new File(['jpeg'], 'fuga.jpg', { type: 'image/jpeg' }));
    await vi.waitFor(() => expect(xhr.uploadsTo('/api/claims/42/files')).toHaveLength(1));
    expect(xhr.uploadsTo('/api/claims/42/files')[0]!.file!.name).toBe('fuga.jpg');
    const list = await screen.findByRole('list', { name: 'Evidencias' });
    expect(list).toHaveTextContent('Propietario (por enlace) · 1 mar 2027, 10:00 · 195 KB');
    expect(within(list).getByRole('button', { name: 'fuga.jpg' })).toBeInTheDocument();
  });

  it('lets a role that only reads download, not draw or upload', async () => {
    renderClaimPage(approverUser, { [claimPath]: { body: makeClaim({ documents: [demand], files: [photo] }) } }, 'documentos');
    expect(await screen.findByRole('button', { name: 'Descargar requerimiento-INC-00042.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'fuga.jpg' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Requerimiento de pago' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Archivo de evidencia')).not.toBeInTheDocument();
  });
});
