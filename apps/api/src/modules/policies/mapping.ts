import type { PersonAddress } from '@portal/domain';

/**
 * Addresses are stored as prefixed columns of the row that owns them (tenants.work_street…).
 * These two functions move an address between that flat shape and the API's nested one.
 */
const addressFields = ['street', 'exteriorNumber', 'interiorNumber', 'colony', 'municipality', 'state', 'zipCode'] as const;

const columnKey = (prefix: string, field: string) => `${prefix}${field[0]!.toUpperCase()}${field.slice(1)}`;

export function readAddress(row: Record<string, unknown>, prefix: string): PersonAddress {
  return Object.fromEntries(addressFields.map((field) => [field, String(row[columnKey(prefix, field)] ?? '')])) as PersonAddress;
}

export function addressValues<P extends string>(address: PersonAddress | null | undefined, prefix: P) {
  return Object.fromEntries(addressFields.map((field) => [columnKey(prefix, field), address?.[field] ?? ''])) as Record<
    `${P}${Capitalize<(typeof addressFields)[number]>}`,
    string
  >;
}
