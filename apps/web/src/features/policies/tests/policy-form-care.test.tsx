import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, storeSession } from '@/test/fixtures';
import { PolicyCreatePage } from '../pages/policy-create-page';

function renderCreate() {
  storeSession(agentUser);
  const net = mockFetch({});
  const view = renderRoute(<PolicyCreatePage />, { path: '/policies/new' });
  return { net, ...view };
}

const tenants = () => screen.getByRole('region', { name: 'Inquilinos' });
const tenant = (n: number) => within(tenants()).getByRole('group', { name: `Inquilino ${n}` });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('policy form: removing a row that holds typed data', () => {
  it('removes a blank tenant at once, and asks before removing one with data', async () => {
    renderCreate();
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Tipo de Póliza');
    await user.click(within(tenants()).getByRole('button', { name: 'Agregar inquilino' }));
    // The new one is blank: it goes without a question.
    await user.click(within(tenants()).getByRole('button', { name: 'Eliminar inquilino 2' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(tenants()).queryByRole('group', { name: 'Inquilino 2' })).not.toBeInTheDocument();

    await user.type(within(tenant(1)).getByLabelText('Nombre del inquilino'), 'María López');
    await user.click(within(tenants()).getByRole('button', { name: 'Agregar inquilino' }));
    await user.click(within(tenants()).getByRole('button', { name: 'Eliminar inquilino 1' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Eliminar inquilino 1?' });
    expect(dialog).toHaveAccessibleDescription('«María López» tiene datos capturados que se quitarán del formulario.');

    // 'Cancelar' keeps it, 'Eliminar' removes it.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(tenant(1)).getByLabelText('Nombre del inquilino')).toHaveValue('María López');
    await user.click(within(tenants()).getByRole('button', { name: 'Eliminar inquilino 1' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(within(tenants()).queryByRole('group', { name: 'Inquilino 2' })).not.toBeInTheDocument();
    expect(within(tenant(1)).getByLabelText('Nombre del inquilino')).toHaveValue('');
  });

  it('asks before removing a reference with a phone typed, naming it when it has no name', async () => {
    renderCreate();
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Tipo de Póliza');
    await user.click(within(tenant(1)).getByRole('button', { name: 'Agregar referencia' }));
    // Its type has a default ('Personal'): that alone is not typed data.
    await user.click(within(tenant(1)).getByRole('button', { name: 'Eliminar referencia 1' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(within(tenant(1)).getByRole('button', { name: 'Agregar referencia' }));
    const reference = within(tenant(1)).getByRole('group', { name: 'Referencia 1' });
    await user.type(within(reference).getByLabelText('Teléfono'), '5544433322');
    await user.click(within(tenant(1)).getByRole('button', { name: 'Eliminar referencia 1' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Eliminar referencia 1?' });
    expect(dialog).toHaveAccessibleDescription('Esta referencia tiene datos capturados que se quitarán del formulario.');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(within(tenant(1)).queryByRole('group', { name: 'Referencia 1' })).not.toBeInTheDocument();
  });

  it('asks before removing a guarantor with data', async () => {
    renderCreate();
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(await screen.findByLabelText('Tipo de Póliza'), 'plus');
    const guarantors = screen.getByRole('region', { name: /Avales/ });
    await user.type(within(guarantors).getByLabelText('Nombre del aval'), 'Jorge Ríos');
    await user.click(within(guarantors).getByRole('button', { name: 'Agregar aval' }));
    await user.click(within(guarantors).getByRole('button', { name: 'Eliminar aval 1' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Eliminar aval 1?' });
    expect(dialog).toHaveAccessibleDescription('«Jorge Ríos» tiene datos capturados que se quitarán del formulario.');
  });
});

describe('policy form: leaving with unsaved changes', () => {
  it('leaves an untouched form without asking', async () => {
    renderCreate();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('link', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/policies'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("asks on 'Cancelar' once something was typed: 'Seguir editando' stays, 'Salir sin guardar' leaves", async () => {
    const { router } = renderCreate();
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Póliza anterior'), 'POL-1');
    await user.click(screen.getByRole('link', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Salir sin guardar?' });
    expect(dialog).toHaveAccessibleDescription('Hay cambios sin guardar en este formulario. Si sale ahora, se perderán.');

    await user.click(within(dialog).getByRole('button', { name: 'Seguir editando' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/policies/new');
    expect(screen.getByLabelText('Póliza anterior')).toHaveValue('POL-1');

    // Any other way out (the sidebar, the browser's back) is a navigation and asks the same.
    void router.navigate('/');
    const again = await screen.findByRole('alertdialog', { name: '¿Salir sin guardar?' });
    await user.click(within(again).getByRole('button', { name: 'Salir sin guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('asks the browser to confirm a reload or closing the tab only while there are changes', async () => {
    renderCreate();
    const user = userEvent.setup({ delay: null });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await screen.findByLabelText('Póliza anterior');
    expect(unload()).toBe(false);
    await user.type(screen.getByLabelText('Póliza anterior'), 'P');
    expect(unload()).toBe(true);
    await user.clear(screen.getByLabelText('Póliza anterior'));
    // Back to what it was: nothing to lose.
    await waitFor(() => expect(unload()).toBe(false));
  });
});
