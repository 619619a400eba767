import { readFileSync } from 'node:fs';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContractDocument, type PolicyContracts } from '@portal/domain';
import { exampleGuarantor, examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { contractTemplates } from '../../db/schema/index';
import { ADMIN, bearer, createTestContext, json, login, tokenFor, type TestContext } from '../../test/app';
import { policyInContracts } from '../../test/policies';
import { pdfPages } from '../../test/pdf-text';
import { defaultTemplateBodies } from './default-templates';

/*
 * The pack read as a tenant's lawyer reads it (issue 29): a missing or zero value has its own
 * sentence, or none, never a stand-in; bold text is not followed by a stray space; each pagaré of a
 * policy with a guarantor names the aval and their domicilio.
 */

let ctx: TestContext;
let agent: string;

beforeAll(async () => {
  ctx = await createTestContext();
  agent = await tokenFor(ctx, 'agent', 1);
});
afterAll(() => ctx.close());

type PolicyOverrides = Parameters<typeof examplePolicyInput>[0];

/** A policy taken into 'contracts' (its pack drawn), and the text of each of its documents. */
async function packTexts(overrides: PolicyOverrides = {}): Promise<Record<ContractDocument['kind'], string[]>> {
  const policy = await policyInContracts(ctx, { token: agent, overrides });
  const pack = json<PolicyContracts>(await ctx.app.inject({ url: `/api/policy/${policy.id}/contracts`, headers: bearer(agent) }));
  const texts = {} as Record<ContractDocument['kind'], string[]>;
  for (const document of pack.documents) {
    const file = await ctx.app.inject({ url: `/api/policy/${policy.id}/contracts/${document.id}/file`, headers: bearer(agent) });
    // The footers ('Iniciales: ____', 'Página 1 de 3') are read where they are drawn: left out.
    texts[document.kind] = (await pdfPages(file.rawPayload)).map((page) => page.replace(/ ?(Iniciales: [_ ]+)?Página \d+ de \d+ ?/, ' ').trim());
  }
  return texts;
}

const base = examplePolicyInput().property!;
const withProperty = (property: Partial<typeof base>, rent: Partial<typeof base.rent> = {}): PolicyOverrides => ({
  property: { ...base, ...property, rent: { ...base.rent, ...rent } },
});

describe('an earlier product text stored as the default', () => {
  const leaseDefaults = () =>
    ctx.app.db
      .select({ version: contractTemplates.version, createdBy: contractTemplates.createdBy })
      .from(contractTemplates)
      .where(and(eq(contractTemplates.kind, 'lease'), isNull(contractTemplates.branchId)))
      .orderBy(contractTemplates.version);

  it("is followed by the current text as a new version; an admin's text after it is kept", async () => {
    // A database that drew packs before issue 29 holds the issue-16 lease as version 1.
    const earlier = readFileSync(new URL('./fixtures/lease-default-issue-16.txt', import.meta.url), 'utf8');
    await ctx.app.db.insert(contractTemplates).values({ kind: 'lease', branchId: null, version: 1, body: earlier });
    expect((await packTexts()).lease.join(' ')).not.toContain('domicilio no proporcionado');
    expect(await leaseDefaults()).toEqual([
      { version: 1, createdBy: null },
      { version: 2, createdBy: null },
    ]);

    const admin = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
    const saved = await ctx.app.inject({ method: 'PUT', url: '/api/admin/templates/lease', headers: bearer(admin), payload: { branchId: null, body: '# CONTRATO PROPIO\n\nTexto de la oficina.\n\n[[firmas]]' } });
    expect(saved.statusCode, saved.body).toBe(201);
    expect((await packTexts()).lease.join(' ')).toContain('CONTRATO PROPIO');
    expect((await leaseDefaults()).map((row) => row.version)).toEqual([1, 2, 3]);
    // Back to the product's text for the tests below, as an admin would.
    const restored = await ctx.app.inject({ method: 'PUT', url: '/api/admin/templates/lease', headers: bearer(admin), payload: { branchId: null, body: defaultTemplateBodies.lease } });
    expect(restored.statusCode, restored.body).toBe(201);
  });
});

describe('a template with a block', () => {
  it('is refused (400 naming the body) when a block is never closed or never opened', async () => {
    const admin = (await login(ctx.app, ADMIN.email, ADMIN.password)).token;
    for (const [body, tag] of [
      ['Pago {{#si renta.banco}}al banco {{renta.banco}}.\n\n[[firmas]]', '#si renta.banco'],
      ['Pago.{{/no}}\n\n[[firmas]]', '/no'],
    ]) {
      const response = await ctx.app.inject({ method: 'PUT', url: '/api/admin/templates/lease', headers: bearer(admin), payload: { branchId: null, body } });
      expect(response.statusCode, response.body).toBe(400);
      expect(json(response).details).toEqual([{ field: 'body', message: `La plantilla tiene un bloque sin abrir o sin cerrar: {{${tag}}}` }]);
    }
    const unknown = await ctx.app.inject({ method: 'PUT', url: '/api/admin/templates/lease', headers: bearer(admin), payload: { branchId: null, body: '{{#si renta.bancos}}x{{/si}}' } });
    expect(json(unknown).details).toEqual([{ field: 'body', message: 'La plantilla usa un campo desconocido: {{renta.bancos}}' }]);
  });
});

describe('the contract texts', () => {
  it('give a missing or zero value its own sentence: no bank, no parking, no grace days, no addresses, no deposit', async () => {
    // The example's owner and tenant have no address; the rent has no bank, CLABE nor grace days.
    const texts = await packTexts(withProperty({ parkingSpots: '0' }, { deposit: '0', gracePeriod: '0' }));
    const all = Object.values(texts).flat().join(' ');
    for (const phrase of [
      'domicilio no proporcionado',
      'con domicilio en .',
      '0 días',
      '0 cajón',
      'cajón(es)',
      'el que indique',
      'la que indique',
      'CLABE ,',
      'sucursal Sucursal',
      'sin agente asignado',
      'por asignar',
      '$0.00',
      'CERO PESOS',
      'ninguno especificado',
      'en ,',
    ]) {
      expect(all, phrase).not.toContain(phrase);
    }
    // No space before a comma or a period (after bold text: 'Roberto Sánchez Villa ,').
    expect(all.match(/.{30} [,.;:].{10}/g)).toBeNull();
    const lease = texts.lease.join(' ');
    expect(lease).toContain('Declara EL ARRENDADOR ser legítimo propietario');
    expect(lease).toContain('en los términos de este contrato.');
    expect(lease).toContain('ubicado en Calle Durango 214 Int. 3, Roma Norte, Cuauhtémoc, Ciudad de México, C.P. 06700. EL ARRENDATARIO lo recibe');
    expect(lease).toContain('el día de inicio de cada mes del arrendamiento, mediante depósito o transferencia a la cuenta que EL ARRENDADOR le indique por escrito, o en el domicilio de EL ARRENDADOR.');
    expect(lease).toContain('Las partes convienen en que EL ARRENDATARIO no entrega depósito en garantía.');
    expect(lease).toContain('Roberto Sánchez Villa, a quien en lo sucesivo');
    const policy = texts.policy.join(' ');
    expect(policy).toContain('Arrendador: Roberto Sánchez Villa. Arrendatario(s): María Fernanda López Ruiz.');
    expect(policy).toContain('Expedida por la Sucursal Polanco');
    expect(policy).not.toContain('Obligado(s) solidario(s)');
    expect(texts.promissory_notes[0]).toContain('Suscriptor(es): María Fernanda López Ruiz.');
  });

  it('write the values that are there: bank, account, CLABE, grace days, parking, services', async () => {
    const texts = await packTexts(
      withProperty(
        { parkingSpots: '2', services: { water: true, electricity: false, maintenance: false, other: '', details: '' } } as Partial<typeof base>,
        { gracePeriod: '1', bankDeposit: true, bank: 'BBVA', accountNumber: '0123456789', clabe: '012180001234567897', accountHolder: 'Roberto Sánchez Villa' } as Partial<typeof base.rent>,
      ),
    );
    const lease = texts.lease.join(' ');
    expect(lease).toContain(', con 2 cajones de estacionamiento, que cuenta con los servicios siguientes: agua.');
    expect(lease).toContain('a más tardar 1 día natural después del día de inicio de cada mes');
    expect(lease).toContain('a la cuenta del banco BBVA, número 0123456789, CLABE 012180001234567897, a nombre de Roberto Sánchez Villa, o en el domicilio');
    expect(texts.policy.join(' ')).toContain('con 1 día natural de gracia para su pago');
  });

  it('name the aval and their domicilio on each pagaré of a policy with a guarantor', async () => {
    const withAddress = { ...exampleTenant('Ana Ruiz Cano'), address: { street: 'Calle Orizaba', exteriorNumber: '20', interiorNumber: '', colony: 'Roma Norte', municipality: 'Cuauhtémoc', state: 'Ciudad de México', zipCode: '06700' } };
    const texts = await packTexts({ policyType: 'plus', tenants: [exampleTenant('Jorge Ramírez Soto'), withAddress], guarantors: [exampleGuarantor('Óscar Gutiérrez Peña'), exampleGuarantor('Luisa Ávila Muñoz')] });
    expect(texts.promissory_notes).toHaveLength(12);
    for (const page of texts.promissory_notes) {
      // Each suscriptor with their own domicilio: the first has none on record.
      expect(page).toContain('Suscriptor(es): Jorge Ramírez Soto; Ana Ruiz Cano, con domicilio en Calle Orizaba 20, Roma Norte, Cuauhtémoc, Ciudad de México, C.P. 06700.');
      expect(page).toContain(
        'Por aval: Óscar Gutiérrez Peña, con domicilio en Av. Universidad 1000, Del Valle, Benito Juárez, Ciudad de México, C.P. 03100; Luisa Ávila Muñoz, con domicilio en Av. Universidad 1000, Del Valle, Benito Juárez, Ciudad de México, C.P. 03100.',
      );
    }
    const lease = texts.lease.join(' ');
    expect(lease).toContain('Jorge Ramírez Soto y Ana Ruiz Cano, a quien en lo sucesivo');
    expect(lease).toContain('Declara EL OBLIGADO SOLIDARIO tener su domicilio en Óscar Gutiérrez Peña, en Av. Universidad 1000');
    expect(texts.policy.join(' ')).toContain('Obligado(s) solidario(s): Óscar Gutiérrez Peña y Luisa Ávila Muñoz.');
  });
});
