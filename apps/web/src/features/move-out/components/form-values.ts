import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { centsToMoney, moveOutInputSchema, type MoveOutActa, type MoveOutInput, type MoveOutValues, type RoomCondition } from '@portal/domain';

/** What the form holds: text as typed. */
export interface ActaFormValues {
  deliveredOn: string;
  keysCount: string;
  keysNotes: string;
  meters: { water: string; electricity: string; gas: string };
  rooms: Array<{ key: string; name: string; condition: RoomCondition; notes: string }>;
  damages: Array<{ description: string; amount: string }>;
  unpaidServices: string;
  unpaidServicesNotes: string;
}

/** The API's own schema, so the form refuses what the server would, with the same words. */
export const actaResolver = zodResolver(moveOutInputSchema) as unknown as Resolver<ActaFormValues, unknown, MoveOutValues>;

/** The fields the server may name in a 400, as the form names them. */
export const actaFields = ['deliveredOn', 'keysCount', 'keysNotes', 'unpaidServices', 'unpaidServicesNotes'] as const;

export function formValuesOf(acta: MoveOutActa, today: string): ActaFormValues {
  return {
    deliveredOn: acta.deliveredOn ?? today,
    keysCount: String(acta.keysCount),
    keysNotes: acta.keysNotes,
    meters: acta.meters,
    rooms: acta.rooms.map(({ key, name, condition, notes }) => ({ key, name, condition, notes })),
    damages: acta.damages.map((damage) => ({ description: damage.description, amount: damage.amount })),
    unpaidServices: acta.unpaidServices,
    unpaidServicesNotes: acta.unpaidServicesNotes,
  };
}

/** The parsed form as the API takes it: amounts as two-decimal strings. */
export function bodyOf(values: MoveOutValues): MoveOutInput {
  return {
    ...values,
    damages: values.damages.map((damage) => ({ description: damage.description, amount: centsToMoney(damage.amount) })),
    unpaidServices: centsToMoney(values.unpaidServices),
  };
}

/** A room's key: made here, so its photos stay with it when it is renamed or moved. */
export const newRoomKey = () => `h-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
