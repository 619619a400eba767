import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { policyStatusLabels, policyStatuses } from '@portal/domain';
import { adminUser, agentUser } from '@/test/fixtures';
import { managerUser, region, renderCreate, renderCreateView, setUpPolicyFormTests } from './policy-form-helpers';

setUpPolicyFormTests();

describe('policy form: Nueva Póliza, layout', () => {
  it('shows the sections, a folio generated on save, every status and type Básica by default', async () => {
    renderCreate();
    expect(await screen.findByRole('heading', { level: 1, name: 'Nueva Póliza' })).toBeInTheDocument();
    for (const name of ['Datos generales', 'Inquilinos', 'Inmueble', 'Propietario', 'Renta']) expect(region(name)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Avales/ })).not.toBeInTheDocument();

    const folio = screen.getByLabelText('Folio de Investigación');
    expect(folio).toBeDisabled();
    expect(folio).toHaveAttribute('placeholder', 'Se generará al guardar');

    // An agent sees the status read-only: only managers and admins set it from the form.
    const status = screen.getByLabelText('Estatus');
    expect(status).toHaveValue('Creada');
    expect(status).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Tipo de Póliza')).toHaveValue('basica');
    expect(screen.getByLabelText('Firma electrónica')).not.toBeChecked();
    expect(screen.getByLabelText('Tipo de inmueble')).toHaveValue('house');
    expect(within(screen.getByLabelText('Tipo de inmueble')).getByRole('option', { name: 'Casa en Condominio' })).toBeInTheDocument();
    // Only admins pick a branch.
    expect(screen.queryByLabelText('Sucursal')).not.toBeInTheDocument();

    expect(screen.getByLabelText('Renta mensual')).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByLabelText('Inicio del contrato')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Fecha de entrega')).toHaveAttribute('type', 'date');
    expect(screen.getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/policies');
    expect(screen.getByRole('button', { name: 'Crear Póliza' })).toBeInTheDocument();
  });
});

describe('policy form: the status field by role', () => {
  it('lets a manager (and an admin) pick any status', async () => {
    renderCreate({}, managerUser);
    const status = await screen.findByLabelText('Estatus');
    expect(status.tagName).toBe('SELECT');
    expect(status).toHaveValue('created');
    expect(within(status).getAllByRole('option').map((option) => option.textContent)).toEqual(
      policyStatuses.map((value) => policyStatusLabels[value]),
    );
  });

  it('shows it read-only to an agent and an approver, saying who may change it', async () => {
    for (const sessionUser of [agentUser, { ...agentUser, role: 'approver' as const }]) {
      const { unmount } = renderCreateView(sessionUser);
      const status = await screen.findByLabelText('Estatus');
      expect(status.tagName).toBe('INPUT');
      expect(status).toHaveAttribute('readonly');
      expect(status).toHaveValue('Creada');
      expect(status).toHaveAccessibleDescription('Solo un gerente o administrador lo cambia aquí; los pasos del trámite están en Seguimiento.');
      unmount();
    }
  });
});

describe('policy form: the folio de póliza by role', () => {
  it('is read-only for everyone but an admin, saying the server gives it', async () => {
    for (const sessionUser of [agentUser, managerUser]) {
      const { unmount } = renderCreateView(sessionUser);
      const folio = await screen.findByLabelText('Folio de Póliza');
      expect(folio).toHaveAttribute('readonly');
      expect(folio).toHaveValue('');
      expect(folio).toHaveAccessibleDescription('Se asigna al generar los contratos');
      unmount();
    }
  });

  it('lets an admin type the folio of an old policy being registered', async () => {
    renderCreateView(adminUser);
    const user = userEvent.setup({ delay: null });
    const folio = await screen.findByLabelText('Folio de Póliza');
    expect(folio).not.toHaveAttribute('readonly');
    expect(folio).toHaveAccessibleDescription('Solo para registrar una póliza anterior; no puede repetirse');
    await user.type(folio, 'POL-2019-00042');
    expect(folio).toHaveValue('POL-2019-00042');
  });
});
