import { and, eq, notInArray } from 'drizzle-orm';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { PolicyInput } from '@portal/domain';
import type { Executor } from '../../../db/client';
import { guarantors, guarantorVehicles, properties, propertyOwners, rents, tenantReferences, tenants } from '../../../db/schema/index';
import { guarantorValues, ownerValues, propertyValues, referenceValues, rentValues, tenantValues, vehicleValues } from './child-values';

/**
 * Makes an existing policy's tenants, guarantors, property, owner and rent what `input` says:
 * children whose id the input keeps are updated in place (documents tied to them stay tied), new
 * ones are inserted, and those the input left out are deleted with everything under them.
 * (A new policy's are written by insertWholePolicy.)
 */
export async function writeChildren(db: Executor, policyId: number, input: PolicyInput): Promise<void> {
  await writePeople(db, tenantKind, policyId, input.tenants);
  await writePeople(db, guarantorKind, policyId, input.guarantors);
  await writeProperty(db, policyId, input.property);
}

type PersonTable = typeof tenants | typeof guarantors;

/**
 * A kind of person listed under a policy (tenants, guarantors): its table, its row's values, and
 * what hangs under each row. `wasKept`: the row was there before, so it may already have some.
 */
interface PersonKind<Table extends PersonTable, Input extends { id?: number | undefined }> {
  table: Table;
  values(policyId: number, position: number, person: Input): PgInsertValue<Table>;
  writeUnder(db: Executor, personId: number, person: Input, wasKept: boolean): Promise<void>;
}

const tenantKind: PersonKind<typeof tenants, PolicyInput['tenants'][number]> = {
  table: tenants,
  values: tenantValues,
  async writeUnder(db, tenantId, tenant, wasKept) {
    if (wasKept) await db.delete(tenantReferences).where(eq(tenantReferences.tenantId, tenantId));
    if (tenant.references.length > 0) await db.insert(tenantReferences).values(referenceValues(tenantId, tenant.references));
  },
};

const guarantorKind: PersonKind<typeof guarantors, PolicyInput['guarantors'][number]> = {
  table: guarantors,
  values: guarantorValues,
  async writeUnder(db, guarantorId, guarantor, wasKept) {
    if (guarantor.vehicle) {
      const vehicle = vehicleValues(guarantor.vehicle);
      await db
        .insert(guarantorVehicles)
        .values({ guarantorId, ...vehicle })
        .onConflictDoUpdate({ target: guarantorVehicles.guarantorId, set: vehicle });
    } else if (wasKept) {
      // Only a guarantor kept from before can have a vehicle to remove.
      await db.delete(guarantorVehicles).where(eq(guarantorVehicles.guarantorId, guarantorId));
    }
  },
};

async function keptIds(db: Executor, table: PersonTable, policyId: number, wanted: Array<number | undefined>) {
  const existing = await db.select({ id: table.id }).from(table).where(eq(table.policyId, policyId));
  const existingIds = new Set(existing.map((row) => row.id));
  const kept = wanted.filter((id): id is number => id !== undefined && existingIds.has(id));
  await db.delete(table).where(and(eq(table.policyId, policyId), kept.length > 0 ? notInArray(table.id, kept) : undefined));
  return new Set(kept);
}

/** The people of one kind made the list's: kept rows updated in place, new ones inserted, in the list's order. */
async function writePeople<Table extends PersonTable, Input extends { id?: number | undefined }>(
  db: Executor,
  kind: PersonKind<Table, Input>,
  policyId: number,
  list: Input[],
) {
  const { table } = kind;
  const kept = await keptIds(db, table, policyId, list.map((person) => person.id));
  for (const [position, person] of list.entries()) {
    const values = kind.values(policyId, position, person);
    const keptId = person.id !== undefined && kept.has(person.id) ? person.id : undefined;
    let personId: number;
    if (keptId !== undefined) {
      personId = keptId;
      // The row's insert values set every column it has: TypeScript cannot see that for a generic table.
      await db.update(table).set(values as PgUpdateSetSource<Table>).where(eq(table.id, personId));
    } else {
      [{ id: personId }] = (await db.insert(table).values(values).returning({ id: table.id })) as [{ id: number }];
    }
    await kind.writeUnder(db, personId, person, keptId !== undefined);
  }
}

async function writeProperty(db: Executor, policyId: number, property: PolicyInput['property']) {
  const values = propertyValues(property);
  const [{ id: propertyId }] = (await db
    .insert(properties)
    .values({ policyId, ...values })
    .onConflictDoUpdate({ target: properties.policyId, set: values })
    .returning({ id: properties.id })) as [{ id: number }];

  const owner = ownerValues(property.owner);
  await db
    .insert(propertyOwners)
    .values({ propertyId, ...owner })
    .onConflictDoUpdate({ target: propertyOwners.propertyId, set: owner });

  const rent = rentValues(property.rent);
  await db
    .insert(rents)
    .values({ propertyId, ...rent })
    .onConflictDoUpdate({ target: rents.propertyId, set: rent });
}
