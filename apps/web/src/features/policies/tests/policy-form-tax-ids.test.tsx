import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { taxIdMessages } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, makePolicy, storeSession } from '@/test/fixtures';
import { PolicyEditPage } from '../pages/policy-edit-page';
import { created, fillRequired, group, posts, region, renderCreate, setUpPolicyFormTests } from './policy-form-helpers';

/*
 * Issue 35: RFC and CURP of each tenant, guarantor and the owner, asked with a hint of why (the
 * e.firma that signs the pagarés must name the same ones).
 */

setUpPolicyFormTests();

const hint = 'Necesario para firmar pagarés con e.firma';
// Valid check digits.
const maria = { rfc: 'LOHM850515K2A', curp: 'LOHM850515MDFPRR05' };
const zoe = { rfc: 'QUYZ900101AB6', curp: 'QUYZ900101MNLNBX07' };

/** Pastes the text into the field (as quick as typing it, keystroke by keystroke, is slow). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('policy form: RFC and CURP', () => {
  it('asks each tenant, guarantor and the owner, says why, and sends them upper-cased', { timeout: 15_000 }, async () => {
    const net = renderCreate({ 'POST /api/policy': created });
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(await screen.findByLabelText('Tipo de Póliza'), 'plus');
    await fillRequired(user);
    // A Plus guarantor's address is the guarantee: required.
    const guarantor = group('Aval 1');
    await fill(user, within(guarantor).getByLabelText('Nombre del aval'), 'Zoé Quintanar');
    const guarantorAddress = { Calle: 'Av. Universidad', 'Número exterior': '1000', Colonia: 'Del Valle', 'Alcaldía / Municipio': 'Benito Juárez', Estado: 'Ciudad de México', 'Código postal': '03100' };
    for (const [label, value] of Object.entries(guarantorAddress)) await fill(user, within(guarantor).getByLabelText(label), value);

    const tenant = group('Inquilino 1');
    const rfc = within(tenant).getByLabelText('RFC');
    expect(rfc).toHaveAccessibleDescription(hint);
    expect(within(tenant).getByLabelText('CURP')).toHaveAccessibleDescription(hint);
    await fill(user, rfc, maria.rfc.toLowerCase());
    await fill(user, within(tenant).getByLabelText('CURP'), maria.curp);
    await fill(user, within(guarantor).getByLabelText('RFC'), zoe.rfc);
    await fill(user, within(guarantor).getByLabelText('CURP'), zoe.curp);
    const owner = region('Propietario');
    await fill(user, within(owner).getByLabelText('RFC'), 'GODE561231GR8');
    await user.click(screen.getByRole('button', { name: 'Crear Póliza' }));

    await waitFor(() => expect(posts(net)).toHaveLength(1));
    expect(posts(net)[0]?.body).toMatchObject({
      tenants: [maria],
      guarantors: [zoe],
      property: { owner: { rfc: 'GODE561231GR8', curp: '' } },
    });
  });

  it('names a CURP whose check digit is wrong, and sends nothing', async () => {
    const net = renderCreate({ 'POST /api/policy': created });
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Tipo de Póliza');
    await fillRequired(user);
    const curp = within(group('Inquilino 1')).getByLabelText('CURP');
    await fill(user, curp, 'LOHM850515MDFPRR04');
    await user.click(screen.getByRole('button', { name: 'Crear Póliza' }));
    await waitFor(() => expect(curp).toHaveAccessibleDescription(taxIdMessages.curp('CURP')));
    expect(curp).toHaveAttribute('aria-invalid', 'true');
    expect(posts(net)).toHaveLength(0);
  });

  it('shows the server’s 400 on the RFC it names (a check digit only the server reads)', async () => {
    const message = taxIdMessages.rfc('RFC');
    renderCreate({
      'POST /api/policy': { status: 400, body: { statusCode: 400, error: 'Bad Request', message: `property.owner.rfc: ${message}`, details: [{ field: 'property.owner.rfc', message }] } },
    });
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Tipo de Póliza');
    await fillRequired(user);
    const ownerRfc = within(region('Propietario')).getByLabelText('RFC');
    await fill(user, ownerRfc, 'QUYZ900101AB1');
    await user.click(screen.getByRole('button', { name: 'Crear Póliza' }));
    await waitFor(() => expect(ownerRfc).toHaveAttribute('aria-invalid', 'true'));
    expect(ownerRfc).toHaveAccessibleDescription(message);
    expect(ownerRfc).toHaveFocus();
  });

  it('shows the stored ones when editing and sends them back', async () => {
    storeSession(agentUser);
    const policy = makePolicy();
    const stored = {
      ...policy,
      tenants: policy.tenants.map((tenant) => ({ ...tenant, ...maria })),
      property: { ...policy.property, owner: { ...policy.property.owner, rfc: 'GODE561231GR8' } },
    };
    const net = mockFetch({ 'GET /api/policy/unique/5': { body: stored }, 'GET /api/policy/5/events': { body: [] }, 'POST /api/policy/update/5': { body: stored } });
    renderRoute(<PolicyEditPage />, { path: '/policies/:id/edit', url: '/policies/5/edit' });
    const tenantRfc = await within(await screen.findByRole('group', { name: 'Inquilino 1' })).findByLabelText('RFC');
    expect(tenantRfc).toHaveValue(maria.rfc);
    expect(within(region('Propietario')).getByLabelText('RFC')).toHaveValue('GODE561231GR8');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /Guardar/ }));
    await waitFor(() => expect(net.callsTo('POST', '/api/policy/update/5')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/policy/update/5')[0]?.body).toMatchObject({ tenants: [maria], property: { owner: { rfc: 'GODE561231GR8' } } });
  });
});
