import { afterEach, beforeEach, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, storeSession } from '@/test/fixtures';
import { PolicyCreatePage } from '../pages/policy-create-page';

/**
 * What the Nueva Póliza form tests share (policy-form-layout, policy-form-sections,
 * policy-form-saving): rendering the page for a user, finding its sections, filling the required
 * fields, and the toast spies every test gets (setUpPolicyFormTests).
 */

type User = ReturnType<typeof userEvent.setup>;

export const managerUser = { ...agentUser, id: 9, email: 'gerente@example.com', role: 'manager' as const };

export function renderCreateView(sessionUser: typeof agentUser) {
  storeSession(sessionUser);
  mockFetch({});
  return renderRoute(<PolicyCreatePage />, { path: '/policies/new' });
}

export function renderCreate(routes: Parameters<typeof mockFetch>[0] = {}, sessionUser = agentUser) {
  storeSession(sessionUser);
  const net = mockFetch(routes);
  renderRoute(<PolicyCreatePage />, { path: '/policies/new' });
  return net;
}

export const region = (name: string | RegExp) => screen.getByRole('region', { name });
export const group = (name: string, within_: HTMLElement = document.body) => within(within_).getByRole('group', { name });
export const posts = (net: ReturnType<typeof mockFetch>) => net.callsTo('POST', '/api/policy');

/** The fields the schema requires of a Básica policy. */
export async function fillRequired(user: User) {
  await user.type(within(region('Inquilinos')).getByLabelText('Nombre del inquilino'), 'María López');
  const property = region('Inmueble');
  await user.type(within(property).getByLabelText('Calle'), 'Calle Durango');
  await user.type(within(property).getByLabelText('Número exterior'), '214');
  await user.type(within(property).getByLabelText('Colonia'), 'Roma Norte');
  await user.type(within(property).getByLabelText('Alcaldía / Municipio'), 'Cuauhtémoc');
  await user.type(within(property).getByLabelText('Estado'), 'Ciudad de México');
  await user.type(within(property).getByLabelText('Código postal'), '06700');
  await user.type(within(region('Propietario')).getByLabelText('Nombre del propietario'), 'Roberto Sánchez');
  await user.type(within(region('Renta')).getByLabelText('Renta mensual'), '18500');
}

export const created = { status: 201, body: { id: 77 } };

/** Spies on the toasts before each test of the file and restores them after. */
export function setUpPolicyFormTests(): void {
  beforeEach(() => {
    vi.spyOn(toast, 'success');
    vi.spyOn(toast, 'error');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}

