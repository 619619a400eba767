import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { created, group, managerUser, posts, region, renderCreate, setUpPolicyFormTests } from './policy-form-helpers';

setUpPolicyFormTests();

describe('policy form: conditional sections', () => {
  it('type Plus shows the guarantor section with one guarantor to fill in; Básica hides it again', async () => {
    renderCreate();
    const user = userEvent.setup({ delay: null });
    const type = await screen.findByLabelText('Tipo de Póliza');
    await user.selectOptions(type, 'plus');
    const guarantors = region(/Avales/);
    expect(within(guarantors).getAllByRole('group', { name: /^Aval \d$/ })).toHaveLength(1);
    expect(within(guarantors).getByLabelText('Nombre del aval')).toHaveValue('');
    expect(within(guarantors).getByRole('button', { name: 'Eliminar aval 1' })).toBeDisabled();

    await user.click(within(guarantors).getByRole('button', { name: 'Agregar aval' }));
    expect(within(guarantors).getAllByRole('group', { name: /^Aval \d$/ })).toHaveLength(2);
    expect(within(guarantors).getByRole('button', { name: 'Eliminar aval 1' })).toBeEnabled();
    await user.click(within(guarantors).getByRole('button', { name: 'Eliminar aval 2' }));
    expect(within(guarantors).getAllByRole('group', { name: /^Aval \d$/ })).toHaveLength(1);

    await user.selectOptions(type, 'basica');
    expect(screen.queryByRole('region', { name: /Avales/ })).not.toBeInTheDocument();
    await user.selectOptions(type, 'garantiaPlus');
    expect(screen.queryByRole('region', { name: /Avales/ })).not.toBeInTheDocument();
    await user.selectOptions(type, 'plusAuto');
    expect(region(/Avales/)).toBeInTheDocument();
  });

  it('asks the guarantee address only in Plus with "same address" off, and the vehicle only in Plus Auto', async () => {
    renderCreate();
    const user = userEvent.setup({ delay: null });
    const type = await screen.findByLabelText('Tipo de Póliza');
    await user.selectOptions(type, 'plus');
    const guarantor = group('Aval 1');
    const same = within(guarantor).getByLabelText('El inmueble en garantía es el domicilio del aval');
    expect(same).toBeChecked();
    expect(within(guarantor).queryByRole('group', { name: 'Domicilio del inmueble en garantía' })).not.toBeInTheDocument();
    expect(within(guarantor).queryByRole('group', { name: 'Vehículo' })).not.toBeInTheDocument();

    await user.click(same);
    const guaranteeAddress = group('Domicilio del inmueble en garantía', guarantor);
    expect(within(guaranteeAddress).getByLabelText('Calle')).toBeInTheDocument();
    expect(within(guaranteeAddress).getByLabelText('Código postal')).toBeInTheDocument();

    await user.selectOptions(type, 'plusAuto');
    const autoGuarantor = group('Aval 1');
    expect(within(autoGuarantor).queryByLabelText('El inmueble en garantía es el domicilio del aval')).not.toBeInTheDocument();
    expect(within(autoGuarantor).queryByRole('group', { name: 'Domicilio del inmueble en garantía' })).not.toBeInTheDocument();
    const vehicle = group('Vehículo', autoGuarantor);
    for (const label of ['Marca', 'Modelo', 'Año', 'Color', 'Placas']) expect(within(vehicle).getByLabelText(label)).toBeInTheDocument();

    await user.selectOptions(type, 'plus');
    expect(within(group('Aval 1')).queryByRole('group', { name: 'Vehículo' })).not.toBeInTheDocument();
    // The switch kept its state while hidden.
    expect(group('Domicilio del inmueble en garantía', group('Aval 1'))).toBeInTheDocument();
  });

  it('maintenance amount, bank fields and real-estate fields appear with their switch', async () => {
    renderCreate();
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Tipo de Póliza');
    const rent = region('Renta');

    expect(within(rent).queryByLabelText('Monto de mantenimiento')).not.toBeInTheDocument();
    await user.click(within(rent).getByLabelText('Incluye mantenimiento'));
    expect(within(rent).getByLabelText('Monto de mantenimiento')).toHaveAttribute('inputmode', 'decimal');
    await user.click(within(rent).getByLabelText('Incluye mantenimiento'));
    expect(within(rent).queryByLabelText('Monto de mantenimiento')).not.toBeInTheDocument();

    const bankFields = ['Banco', 'Titular de la cuenta', 'Número de cuenta', 'CLABE'];
    for (const label of bankFields) expect(within(rent).queryByLabelText(label)).not.toBeInTheDocument();
    await user.click(within(rent).getByLabelText('Depósito bancario'));
    for (const label of bankFields) expect(within(rent).getByLabelText(label)).toBeInTheDocument();

    expect(within(rent).queryByLabelText('Asesor o inmobiliaria')).not.toBeInTheDocument();
    await user.click(within(rent).getByLabelText('Interviene una inmobiliaria'));
    expect(within(rent).getByLabelText('Asesor o inmobiliaria')).toBeInTheDocument();
    expect(within(rent).getByLabelText('Agente inmobiliario')).toBeInTheDocument();
  });

  it('commercial services follow commercial use, and special-object details follow special objects', async () => {
    renderCreate();
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Tipo de Póliza');
    const property = region('Inmueble');

    expect(within(property).queryByLabelText('Servicios comerciales')).not.toBeInTheDocument();
    expect(within(property).queryByLabelText('Detalles de los servicios comerciales')).not.toBeInTheDocument();
    await user.click(within(property).getByLabelText('Uso comercial'));
    expect(within(property).getByLabelText('Servicios comerciales')).toBeInTheDocument();
    expect(within(property).getByLabelText('Detalles de los servicios comerciales')).toBeInTheDocument();

    expect(within(property).queryByLabelText('Detalles de los objetos especiales')).not.toBeInTheDocument();
    await user.click(within(property).getByLabelText('Objetos especiales'));
    expect(within(property).getByLabelText('Detalles de los objetos especiales').tagName).toBe('TEXTAREA');
    await user.click(within(property).getByLabelText('Objetos especiales'));
    expect(within(property).queryByLabelText('Detalles de los objetos especiales')).not.toBeInTheDocument();
  });
});

describe('policy form: tenants and references', () => {
  it('adds and removes tenants; the last one cannot be removed', async () => {
    renderCreate();
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Tipo de Póliza');
    const tenants = region('Inquilinos');
    expect(within(tenants).getByRole('button', { name: 'Eliminar inquilino 1' })).toBeDisabled();

    await user.click(within(tenants).getByRole('button', { name: 'Agregar inquilino' }));
    const second = group('Inquilino 2', tenants);
    expect(within(second).getByLabelText('Nombre del inquilino')).toHaveValue('');
    expect(within(second).getByRole('group', { name: 'Domicilio laboral' })).toBeInTheDocument();
    await user.type(within(second).getByLabelText('Nombre del inquilino'), 'Pedro Ruiz');
    expect(within(tenants).getByRole('button', { name: 'Eliminar inquilino 1' })).toBeEnabled();

    await user.click(within(tenants).getByRole('button', { name: 'Eliminar inquilino 1' }));
    expect(within(tenants).queryByRole('group', { name: 'Inquilino 2' })).not.toBeInTheDocument();
    expect(within(group('Inquilino 1', tenants)).getByLabelText('Nombre del inquilino')).toHaveValue('Pedro Ruiz');
    expect(within(tenants).getByRole('button', { name: 'Eliminar inquilino 1' })).toBeDisabled();
  });

  it('adds personal or family references and removes them', async () => {
    renderCreate();
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Tipo de Póliza');
    const tenant = group('Inquilino 1');
    await user.click(within(tenant).getByRole('button', { name: 'Agregar referencia' }));
    await user.click(within(tenant).getByRole('button', { name: 'Agregar referencia' }));
    const reference = group('Referencia 2', tenant);
    const referenceType = within(reference).getByLabelText('Tipo de referencia');
    expect(referenceType).toHaveValue('personal');
    expect(within(referenceType).getAllByRole('option').map((option) => option.textContent)).toEqual(['Personal', 'Familiar']);
    await user.click(within(tenant).getByRole('button', { name: 'Eliminar referencia 1' }));
    await user.click(within(tenant).getByRole('button', { name: 'Eliminar referencia 1' }));
    expect(within(tenant).queryByRole('group', { name: /^Referencia \d/ })).not.toBeInTheDocument();
  });
});

describe('policy form: keyboard', () => {
  it('Enter moves to the next field and never submits; in a text area it makes a new line', async () => {
    const net = renderCreate({ 'POST /api/policy': created }, managerUser);
    const user = userEvent.setup({ delay: null });
    // The folio de póliza is read-only (the server gives it): Enter leaves it for the status.
    await user.click(await screen.findByLabelText('Folio de Póliza'));
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Estatus')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Tipo de Póliza')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Póliza anterior')).toHaveFocus();
    await user.keyboard('{Enter}');
    const signature = screen.getByLabelText('Firma electrónica');
    expect(signature).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(signature).not.toBeChecked();

    const note = screen.getByLabelText('Notas especiales');
    expect(note).toHaveFocus();
    await user.keyboard('Línea 1{Enter}Línea 2');
    expect(note).toHaveValue('Línea 1\nLínea 2');
    expect(note).toHaveFocus();

    // The same in the last sections of the form, money inputs included.
    await user.click(screen.getByLabelText('Renta mensual'));
    await user.keyboard('1000{Enter}');
    expect(screen.getByLabelText('Depósito en garantía')).toHaveFocus();

    expect(posts(net)).toHaveLength(0);
    expect(screen.queryByText('El campo Nombre del inquilino es obligatorio')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear Póliza' })).toBeEnabled();
  });
});
