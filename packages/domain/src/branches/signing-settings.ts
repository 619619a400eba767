import { z } from 'zod';
import { signatureMethods, signingOrders } from '../e-signature/methods';

/*
 * A branch's settings for signing (issue 35, decision 030): how each kind of the contract pack is
 * signed, whether signers sign at once or in order, how long a round stays open and how many
 * reminders a signer who has not signed gets.
 */

export const signingSettingsLabels = {
  signatureMethodLease: 'Firma del contrato de arrendamiento',
  signatureMethodPolicy: 'Firma de la póliza',
  signatureMethodPromissoryNotes: 'Firma de los pagarés',
  signingOrder: 'Orden de firma',
  signingRoundDays: 'Vigencia de una ronda de firma (días)',
  signingReminderMax: 'Recordatorios a quien no ha firmado (máximo)',
} as const;

/** How long a round may last and how many reminders a signer may get (the form's hints say them too). */
export const signingSettingsBounds = { roundDays: { min: 1, max: 90 }, reminderMax: { min: 0, max: 10 } } as const;

const L = signingSettingsLabels;
const B = signingSettingsBounds;
const methodField = (label: string) => z.enum(signatureMethods, { error: `El campo ${label} debe ser firma electrónica simple, e.firma o papel` });
const orderField = z.enum(signingOrders, { error: `El campo ${L.signingOrder} debe ser todos a la vez o en orden` });
const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `El campo ${label} debe ser un número` })
    .int(`El campo ${label} debe ser un número entero`)
    .min(min, `El campo ${label} debe estar entre ${min} y ${max}`)
    .max(max, `El campo ${label} debe estar entre ${min} y ${max}`);

const fields = {
  signatureMethodLease: methodField(L.signatureMethodLease),
  signatureMethodPolicy: methodField(L.signatureMethodPolicy),
  signatureMethodPromissoryNotes: methodField(L.signatureMethodPromissoryNotes),
  signingOrder: orderField,
  signingRoundDays: wholeNumber(L.signingRoundDays, B.roundDays.min, B.roundDays.max),
  signingReminderMax: wholeNumber(L.signingReminderMax, B.reminderMax.min, B.reminderMax.max),
};

/** A new branch: pagarés with e.firma (else paper), the rest with the simple signature, all at once, 15 days, 3 reminders. */
export const defaultSigningSettings = {
  signatureMethodLease: 'simple',
  signatureMethodPolicy: 'simple',
  signatureMethodPromissoryNotes: 'efirma',
  signingOrder: 'parallel',
  signingRoundDays: 15,
  signingReminderMax: 3,
} as const;

const D = defaultSigningSettings;
export const signingSettingsDefaults = {
  signatureMethodLease: fields.signatureMethodLease.default(D.signatureMethodLease),
  signatureMethodPolicy: fields.signatureMethodPolicy.default(D.signatureMethodPolicy),
  signatureMethodPromissoryNotes: fields.signatureMethodPromissoryNotes.default(D.signatureMethodPromissoryNotes),
  signingOrder: fields.signingOrder.default(D.signingOrder),
  signingRoundDays: fields.signingRoundDays.default(D.signingRoundDays),
  signingReminderMax: fields.signingReminderMax.default(D.signingReminderMax),
};

export const signingSettingsOptional = {
  signatureMethodLease: fields.signatureMethodLease.optional(),
  signatureMethodPolicy: fields.signatureMethodPolicy.optional(),
  signatureMethodPromissoryNotes: fields.signatureMethodPromissoryNotes.optional(),
  signingOrder: fields.signingOrder.optional(),
  signingRoundDays: fields.signingRoundDays.optional(),
  signingReminderMax: fields.signingReminderMax.optional(),
};

export const signingSettingsResponse = {
  signatureMethodLease: z.enum(signatureMethods),
  signatureMethodPolicy: z.enum(signatureMethods),
  signatureMethodPromissoryNotes: z.enum(signatureMethods),
  signingOrder: z.enum(signingOrders),
  signingRoundDays: z.number().int(),
  signingReminderMax: z.number().int(),
};
