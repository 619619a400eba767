/*
 * The office's fee (honorarios de la póliza, issue 34): the tariff's defaults, who pays, the
 * fee's states. Stable English ids with Spanish labels, no zod, so the web's shell reads them
 * without the schemas. Money is integer cents in arithmetic and a two-decimal string in JSON
 * (decision 026); percentages are strings with two decimals ('35.00').
 */
import type { PolicyType } from '../policies/policy-type-labels';

/** What a new office quotes with until an admin writes its own tariff (version 0: the portal's). */
export const defaultFeeTariff: Record<PolicyType, { ratePercent: string; minimum: string; ivaPercent: string }> = {
  basica: { ratePercent: '35.00', minimum: '3500.00', ivaPercent: '16.00' },
  plus: { ratePercent: '45.00', minimum: '3500.00', ivaPercent: '16.00' },
  plusAuto: { ratePercent: '50.00', minimum: '3500.00', ivaPercent: '16.00' },
  // The issue names three types; garantía plus is quoted as plus until the office says otherwise.
  garantiaPlus: { ratePercent: '45.00', minimum: '3500.00', ivaPercent: '16.00' },
};

/** Who pays the fee: part of the quote. A split names the owner's share. */
export const feePayers = ['owner', 'tenant', 'split'] as const;
export type FeePayer = (typeof feePayers)[number];
export const feePayerLabels: Record<FeePayer, string> = {
  owner: 'Propietario',
  tenant: 'Inquilino',
  split: 'Compartido',
};

/** A policy's fee: nothing collected, part collected, all collected. */
export const feeStates = ['pending', 'partial', 'paid'] as const;
export type FeeState = (typeof feeStates)[number];
export const feeStateLabels: Record<FeeState, string> = {
  pending: 'Pendiente',
  partial: 'Parcial',
  paid: 'Pagada',
};
