import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RetentionPreview } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, storeSession } from '@/test/fixtures';
import { RetentionPage } from '../pages/retention-page';

const branches: RetentionPreview['branches'] = [
  { id: 1, name: 'Sucursal Polanco', retainRejectedDocumentsMonths: 6, retainEndedPolicyDocumentsYears: 10, retainClosedClaimsYears: 10 },
  { id: 3, name: 'Sucursal Santa Fe', retainRejectedDocumentsMonths: null, retainEndedPolicyDocumentsYears: 1, retainClosedClaimsYears: null },
];

const due: RetentionPreview = {
  today: '2026-11-24',
  branches,
  policies: [
    {
      policyId: 41,
      investigationId: 'INV-2026-0041',
      policyNumber: '',
      branchId: 1,
      branchName: 'Sucursal Polanco',
      reason: 'rejected',
      since: '2026-04-10',
      deleteAfter: '2026-10-10',
      files: [{ kind: 'investigation_document', id: 7, storedName: 'ab/ab.pdf', originalFilename: 'ine.pdf', size: 2048 }],
    },
    {
      policyId: 12,
      investigationId: 'INV-2015-0012',
      policyNumber: 'POL-2015-00012',
      branchId: 1,
      branchName: 'Sucursal Polanco',
      reason: 'ended',
      since: '2015-06-30',
      deleteAfter: '2025-06-30',
      files: [
        { kind: 'contract_document', id: 3, storedName: 'cd/cd.pdf', originalFilename: 'contrato.pdf', size: 1024 * 1024 },
        { kind: 'addendum_file', id: 2, storedName: 'ef/ef.pdf', originalFilename: 'addendum.pdf', size: 1024 * 1024 },
      ],
    },
  ],
  totals: { policies: 2, files: 3, bytes: 2048 + 2 * 1024 * 1024 },
};

function renderPage(routes: Parameters<typeof mockFetch>[0]) {
  storeSession(adminUser);
  const net = mockFetch(routes);
  renderRoute(<RetentionPage />, { path: '/admin/retention' });
  return net;
}

describe("'Retención de documentos' (/admin/retention)", () => {
  it("shows each branch's periods with a link to edit them, and what the next run deletes", async () => {
    renderPage({ 'GET /api/admin/retention/preview': { body: due } });
    expect(screen.getByRole('heading', { level: 1, name: 'Retención de documentos' })).toBeInTheDocument();
    expect(screen.getByText('Cargando retención de documentos...')).toBeInTheDocument();

    const periods = await screen.findByRole('table', { name: 'Plazos por sucursal' });
    const [, polanco, santaFe] = within(periods).getAllByRole('row');
    expect(polanco).toHaveTextContent('Sucursal Polanco6 meses10 años10 años');
    expect(santaFe).toHaveTextContent('Sucursal Santa FeNunca1 añoNunca');
    expect(within(santaFe!).getByRole('link', { name: 'Editar los plazos de Sucursal Santa Fe' })).toHaveAttribute('href', '/admin/branches/3/edit');
    expect(screen.getByTestId('message-retention')).toHaveTextContent('Correos enviados: 180 días; correos fallidos: 365 días; notificaciones leídas: 90 días');

    expect(screen.getByRole('heading', { name: 'Se eliminarán en la próxima ejecución' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('3 archivos de 2 pólizas (2.0 MB)');
    expect(screen.getByRole('status')).not.toHaveTextContent('Se muestran');
    const [, rejected, ended] = within(screen.getByRole('table', { name: 'Documentos por eliminar' })).getAllByRole('row');
    expect(within(rejected!).getByRole('link', { name: 'INV-2026-0041' })).toHaveAttribute('href', '/policies/41');
    expect(rejected).toHaveTextContent('Investigación rechazada');
    expect(rejected).toHaveTextContent('10 abr 2026');
    expect(rejected).toHaveTextContent('2.0 KB');
    expect(within(ended!).getByRole('link', { name: 'POL-2015-00012' })).toBeInTheDocument();
    expect(ended).toHaveTextContent('Póliza terminada');
    expect(within(ended!).getAllByRole('cell')[4]).toHaveTextContent(/^2$/);
    expect(ended).toHaveTextContent('2.0 MB');
  });

  it('says when the list shows only the first of more due policies', async () => {
    renderPage({ 'GET /api/admin/retention/preview': { body: { ...due, totals: { policies: 1250, files: 3400, bytes: 5 * 1024 * 1024 * 1024 } } } });
    expect(await screen.findByText('Se muestran las primeras 2 pólizas, las de plazo más antiguo.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('3400 archivos de 1250 pólizas (5.0 GB)');
  });

  it('says so when nothing is due', async () => {
    renderPage({ 'GET /api/admin/retention/preview': { body: { ...due, policies: [], totals: { policies: 0, files: 0, bytes: 0 } } } });
    expect(await screen.findByText('No hay documentos por eliminar.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Documentos por eliminar' })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Plazos por sucursal' })).toBeInTheDocument();
  });

  it('shows an error with a retry that loads the page', async () => {
    renderPage({
      'GET /api/admin/retention/preview': [{ status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Error interno del servidor' } }, { body: due }],
    });
    expect(await screen.findByText('No se pudo cargar la retención de documentos')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: /Reintentar/ }));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Documentos por eliminar' })).toBeInTheDocument());
  });
});
