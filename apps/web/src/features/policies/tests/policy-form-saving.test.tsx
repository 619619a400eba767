import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { policyMessages } from '@portal/domain';
import { adminUser, makeBranch } from '@/test/fixtures';
import { created, fillRequired, posts, region, renderCreate, setUpPolicyFormTests } from './policy-form-helpers';

setUpPolicyFormTests();

describe('policy form: saving', () => {
  it('names the missing required fields and sends nothing', async () => {
    const net = renderCreate({ 'POST /api/policy': created });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Crear Póliza' }));
    expect(await screen.findByText('El campo Nombre del inquilino es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('El campo Nombre del propietario es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('El campo Renta mensual es obligatorio')).toBeInTheDocument();
    expect(within(region('Inmueble')).getByLabelText('Calle')).toHaveAttribute('aria-invalid', 'true');
    expect(within(region('Inquilinos')).getByLabelText('Nombre del inquilino')).toHaveFocus();
    expect(posts(net)).toHaveLength(0);
  });

  it('sends the body to POST /api/policy, toasts for 4 s and returns to /policies after 1 s', async () => {
    const net = renderCreate({ 'POST /api/policy': created });
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Tipo de Póliza');
    await fillRequired(user);
    await user.click(screen.getByLabelText('Firma electrónica'));
    await user.click(screen.getByRole('button', { name: 'Crear Póliza' }));

    await waitFor(() => expect(posts(net)).toHaveLength(1));
    expect(toast.success).toHaveBeenCalledWith(policyMessages.created, { duration: 4000 });
    // Still on the form for a second, busy so nothing is sent twice.
    expect(screen.getByRole('button', { name: 'Creando...' })).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/policies'), { timeout: 3000 });

    const body = posts(net)[0]?.body as Record<string, any>;
    expect(body).toMatchObject({
      policyNumber: '',
      status: 'created',
      policyType: 'basica',
      isElectronicSignature: true,
      guarantors: [],
      tenants: [{ name: 'María López', requiresInvoice: false, references: [] }],
      property: {
        owner: { name: 'Roberto Sánchez' },
        address: { street: 'Calle Durango', exteriorNumber: '214', zipCode: '06700' },
        propertyType: 'house',
        rent: { price: 18500, bankDeposit: false, realEstate: false },
      },
    });
    // A non-admin's policy goes to their own branch: the server decides, nothing is sent.
    expect(body).not.toHaveProperty('branchId');
  });

  it('what a type or a switch hides neither blocks the save nor is sent', async () => {
    const net = renderCreate({ 'POST /api/policy': created });
    const user = userEvent.setup({ delay: null });
    const type = await screen.findByLabelText('Tipo de Póliza');
    await fillRequired(user);
    // A blank guarantor row (its name is required) left behind by a Plus that became Básica.
    await user.selectOptions(type, 'plus');
    await user.selectOptions(type, 'basica');
    const rent = region('Renta');
    await user.click(within(rent).getByLabelText('Depósito bancario'));
    await user.type(within(rent).getByLabelText('CLABE'), '12');
    await user.click(within(rent).getByLabelText('Depósito bancario'));
    await user.click(screen.getByRole('button', { name: 'Crear Póliza' }));

    await waitFor(() => expect(posts(net)).toHaveLength(1));
    expect(posts(net)[0]?.body).toMatchObject({ guarantors: [], property: { rent: { bankDeposit: false, clabe: '' } } });
  });

  it('a 400 shows the inline error, marks the field it names and toasts', async () => {
    const message = 'El campo Nombre del inquilino es obligatorio';
    const net = renderCreate({
      'POST /api/policy': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'La solicitud no es válida',
          details: [
            { field: 'tenants.0.name', message },
            { field: 'userId', message: 'Campo desconocido' },
          ],
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Tipo de Póliza');
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Crear Póliza' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(policyMessages.saveError);
    expect(alert).toHaveTextContent('La solicitud no es válida');
    // A detail about a field the form does not show is kept in the alert.
    expect(alert).toHaveTextContent('Campo desconocido');
    const name = within(region('Inquilinos')).getByLabelText('Nombre del inquilino');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(message);
    expect(name).toHaveFocus();
    expect(toast.error).toHaveBeenCalledWith(policyMessages.saveErrorToast, expect.anything());
    expect(posts(net)).toHaveLength(1);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear Póliza' })).toBeEnabled();
  });

  it("refuses to save without a signed-in user: 'No hay usuario autenticado'", async () => {
    const net = renderCreate({ 'POST /api/policy': created });
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Tipo de Póliza');
    await fillRequired(user);
    window.localStorage.removeItem('auth-storage');
    await user.click(screen.getByRole('button', { name: 'Crear Póliza' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(policyMessages.noUser);
    expect(posts(net)).toHaveLength(0);
  });

  it("lets an admin choose the branch (their own by default) and sends it", async () => {
    const branches = [makeBranch({ id: 1, name: 'Sucursal Polanco' }), makeBranch({ id: 2, name: 'Sucursal Santa Fe' })];
    const net = renderCreate({ 'GET /api/branches': { body: branches }, 'POST /api/policy': created }, adminUser);
    const user = userEvent.setup({ delay: null });
    const branch = await screen.findByLabelText('Sucursal');
    expect(branch).toHaveValue('1');
    await user.selectOptions(branch, 'Sucursal Santa Fe');
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Crear Póliza' }));
    await waitFor(() => expect(posts(net)).toHaveLength(1));
    expect(posts(net)[0]?.body).toMatchObject({ branchId: 2 });
  });
});
