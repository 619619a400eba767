import { z } from 'zod';
import { idSchema, optionalText, requiredText } from '../common/fields';
import { maxMoneyCents, moneySchema, moneyToCents, positiveMoneyInput } from '../rents/money';
import { linkParties } from '../public-links/links';
import { settlementKinds } from './settlement';

/*
 * 'Entrega del inmueble' (issue 32): the acta de entrega-recepción at the end of the term — the
 * day, the keys, the meters, each room's state with photos, the damages and the deposit's
 * settlement. A draft until 'Enviar a firma' freezes it; the owner and the tenant sign it by link.
 */

export const moveOutStates = ['draft', 'signing', 'signed'] as const;
export type MoveOutState = (typeof moveOutStates)[number];
export const moveOutStateLabels: Record<MoveOutState, string> = { draft: 'Borrador', signing: 'En firma', signed: 'Firmada' };

export const roomConditions = ['good', 'fair', 'poor'] as const;
export type RoomCondition = (typeof roomConditions)[number];
export const roomConditionLabels: Record<RoomCondition, string> = { good: 'Bueno', fair: 'Regular', poor: 'Malo' };

/** Who may add photos through a link: the two parties of the acta. */
export const moveOutPhotoParties = ['owner', 'tenant'] as const satisfies readonly (typeof linkParties)[number][];
export type MoveOutPhotoParty = (typeof moveOutPhotoParties)[number];

export const moveOutLimits = { rooms: 40, damages: 50, photosPerRoom: 20, keys: 99 } as const;
/** How long an owner's or tenant's photo link opens. */
export const moveOutPhotoLinkDays = 7;

export const moveOutMessages = {
  notFound: 'Póliza no encontrada',
  cancelled: 'La póliza está cancelada: no tiene acta de entrega',
  notInForce: 'El acta de entrega se levanta cuando la póliza está vigente o terminó',
  frozen: 'El acta ya se envió a firma y no admite cambios',
  futureDate: 'El campo Fecha de entrega no puede ser posterior a hoy',
  noDraft: 'Guarde el acta antes de enviarla a firma',
  noPdf: 'El acta aún no tiene PDF: se genera al enviarla a firma',
  photoNotFound: 'Foto no encontrada',
  roomNotFound: 'La habitación no está en el acta; guarde el acta primero',
  tooManyPhotos: `Cada habitación admite como máximo ${moveOutLimits.photosPerRoom} fotos`,
  photoMissing: 'Elija una foto',
  photoEmpty: 'La foto está vacía',
  photoTooLarge: (mb: number) => `La foto supera el tamaño máximo de ${mb} MB`,
  photoType: 'Solo se admiten fotos JPG o PNG',
  photoTooManyPixels: (width: number, height: number, megapixels: number) => `La foto mide ${width}×${height}: el máximo es ${megapixels} megapíxeles`,
  photoUnreadable: 'No se pudo leer la foto',
  signerWithoutEmail: (name: string) => `${name} no tiene correo electrónico registrado: no puede firmar el acta`,
  savedNote: 'Acta de entrega guardada',
  sentNote: 'Acta de entrega enviada a firma (propietario e inquilino)',
  photoNote: (who: string) => `Foto del acta de entrega agregada por ${who}`,
  lawyerDraft: 'El texto del acta es un borrador para revisión del abogado de la oficina.',
} as const;

const keyMessage = 'La habitación no es válida';
/** A room's key: made by the form, so photos stay with their room when rooms are reordered or renamed. */
export const roomKeySchema = z.string({ error: keyMessage }).regex(/^[a-z0-9-]{1,40}$/, keyMessage);

/** An amount that may be zero (services left unpaid): cents. */
function moneyOrZeroInput(label: string) {
  const invalid = `El campo ${label} debe ser un importe de cero o más, con hasta dos decimales`;
  return z.union([z.string(), z.number()], { error: invalid }).transform((value, context) => {
    const text = typeof value === 'number' ? String(value) : value;
    const cents = text.trim() === '' ? 0 : moneyToCents(text);
    if (cents === null || cents > maxMoneyCents || (typeof value === 'number' && Math.abs(cents - value * 100) > 1e-6)) {
      context.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return cents;
  });
}

const dayMessage = 'El campo Fecha de entrega debe ser una fecha válida';
const deliveryDay = z
  .string({ error: 'El campo Fecha de entrega es obligatorio' })
  .trim()
  .refine((value) => /^(19|2[01])\d{2}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), dayMessage);

const keysMessage = `El campo Llaves entregadas debe ser un número entero entre 0 y ${moveOutLimits.keys}`;

export const moveOutRoomInputSchema = z.object({
  key: roomKeySchema,
  name: requiredText('Habitación', 80),
  condition: z.enum(roomConditions, { error: 'El campo Estado debe ser Bueno, Regular o Malo' }),
  notes: optionalText('Observaciones', 1000),
});

export const moveOutDamageInputSchema = z.object({
  description: requiredText('Descripción del daño', 300),
  amount: positiveMoneyInput('Importe del daño'),
});

/** PUT /api/policy/{id}/move-out: the whole draft (the deposit and the rent owed come from the server). */
export const moveOutInputSchema = z.object({
  deliveredOn: deliveryDay,
  keysCount: z.coerce.number({ error: keysMessage }).int(keysMessage).min(0, keysMessage).max(moveOutLimits.keys, keysMessage),
  keysNotes: optionalText('Notas de las llaves', 500),
  meters: z
    .object({
      water: optionalText('Lectura de agua', 50),
      electricity: optionalText('Lectura de luz', 50),
      gas: optionalText('Lectura de gas', 50),
    })
    .default({ water: '', electricity: '', gas: '' }),
  rooms: z
    .array(moveOutRoomInputSchema, { error: 'El campo Habitaciones no es válido' })
    .max(moveOutLimits.rooms, `El acta admite como máximo ${moveOutLimits.rooms} habitaciones`)
    .refine((rooms) => new Set(rooms.map((room) => room.key)).size === rooms.length, 'Hay habitaciones repetidas')
    .default([]),
  damages: z.array(moveOutDamageInputSchema, { error: 'El campo Daños no es válido' }).max(moveOutLimits.damages, `El acta admite como máximo ${moveOutLimits.damages} daños`).default([]),
  unpaidServices: moneyOrZeroInput('Servicios pendientes de pago').default(0),
  unpaidServicesNotes: optionalText('Notas de los servicios', 500),
});
export type MoveOutInput = z.input<typeof moveOutInputSchema>;
export type MoveOutValues = z.output<typeof moveOutInputSchema>;

export const moveOutPhotoSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  /** 'Personal de la oficina', 'Propietario (por enlace)', 'Inquilino (por enlace)'. */
  takenBy: z.string(),
  createdAt: z.string(),
});
export type MoveOutPhoto = z.infer<typeof moveOutPhotoSchema>;

export const moveOutSettlementSchema = z.object({
  deposit: moneySchema,
  damages: moneySchema,
  unpaidRent: moneySchema,
  unpaidServices: moneySchema,
  /** Positive: refund to the tenant; negative: what the tenant owes. */
  balance: moneySchema,
  kind: z.enum(settlementKinds),
  label: z.string(),
});

export const moveOutSignerSchema = z.object({ party: z.enum(linkParties), name: z.string(), signedAt: z.string().nullable(), declinedAt: z.string().nullable() });

export const moveOutActaSchema = z.object({
  policyId: z.number().int(),
  folio: z.string(),
  /** false until the first save: the form starts empty. */
  exists: z.boolean(),
  state: z.enum(moveOutStates),
  deliveredOn: z.string().nullable(),
  keysCount: z.number().int(),
  keysNotes: z.string(),
  meters: z.object({ water: z.string(), electricity: z.string(), gas: z.string() }),
  rooms: z.array(z.object({ key: z.string(), name: z.string(), condition: z.enum(roomConditions), notes: z.string(), photos: z.array(moveOutPhotoSchema) })),
  damages: z.array(z.object({ description: z.string(), amount: moneySchema })),
  unpaidServices: moneySchema,
  unpaidServicesNotes: z.string(),
  settlement: moveOutSettlementSchema,
  /** The signing round once sent: its status and who signed. */
  signing: z.object({ status: z.string(), signers: z.array(moveOutSignerSchema) }).nullable(),
  /** The acta's PDF (sent) or the signed one (every party signed). */
  hasPdf: z.boolean(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
  version: z.number().int(),
});
export type MoveOutActa = z.infer<typeof moveOutActaSchema>;

export const moveOutRoomParamsSchema = z.object({ id: idSchema, roomKey: roomKeySchema });
export const moveOutPhotoLinkInputSchema = z.object({ party: z.enum(moveOutPhotoParties, { error: 'El campo Persona debe ser Propietario o Inquilino' }) });
export type MoveOutPhotoLinkInput = z.input<typeof moveOutPhotoLinkInputSchema>;
export const moveOutPhotoLinkSchema = z.object({ url: z.string(), expiresAt: z.string(), party: z.enum(moveOutPhotoParties) });
export type MoveOutPhotoLink = z.infer<typeof moveOutPhotoLinkSchema>;

/** What the owner's or tenant's photo page shows: the rooms to photograph, nothing else of the policy. */
export const moveOutPublicViewSchema = z.object({
  folio: z.string(),
  party: z.enum(moveOutPhotoParties),
  rooms: z.array(z.object({ key: z.string(), name: z.string(), photos: z.number().int() })),
  expiresAt: z.string(),
});
export type MoveOutPublicView = z.infer<typeof moveOutPublicViewSchema>;
export const moveOutPublicRoomParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Este enlace ya no es válido'), roomKey: roomKeySchema });
