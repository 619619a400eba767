import { z } from 'zod';
import { messages } from '../common/messages';
import { addressInputSchema } from '../branches/branch';
import { asksGuaranteeAddress, asksVehicle, guarantorRequiredFor, type PolicyType } from './policy-type';
import { policyMessages } from './policy-fields';
import { policyLabels as L } from './policy-labels';
import { policyDraftSchema, type PolicyDraft } from './policy-draft';
import { policyStatusChangeSchema } from './policy-status-change';

/**
 * The body of POST /api/policy and of a full POST /api/policy/update/{id}, and the form's schema.
 * Fields the form hides are cleared here, so what is stored is what the user saw (spec section 5).
 * Client-sent investigationId, guarantorRequired, userId and timestamps are not part of it: the
 * server sets them. `policyNumber` is, for an admin importing an old policy; everyone else's is
 * ignored (canSetPolicyNumber), and a status other than 'Creada' is a jump (isCreationJump).
 */
export const policyInputSchema = policyDraftSchema.superRefine(checkConditionalFields).transform(clearHiddenFields);
export type PolicyFormValues = z.input<typeof policyInputSchema>;
export type PolicyInput = z.output<typeof policyInputSchema>;

/** POST /api/policy/update/{id}: the full form, or the tracking row menu's `{ status, userId, branchId }`. */
export const policyUpdateBodySchema = z.union([policyStatusChangeSchema, policyInputSchema]);

function checkConditionalFields(policy: PolicyDraft, ctx: z.RefinementCtx) {
  const require = (path: Array<string | number>, label: string, value: string | number | null) => {
    if (value === null || value === '') ctx.addIssue({ code: 'custom', path, message: messages.required(label) });
  };
  if (guarantorRequiredFor(policy.policyType) && policy.guarantors.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['guarantors'], message: policyMessages.guarantorsRequired });
  }
  if (guarantorRequiredFor(policy.policyType)) {
    policy.guarantors.forEach((guarantor, index) => {
      if (asksGuaranteeAddress(policy.policyType)) {
        // Plus is backed by a property: its address must be complete, be it the guarantor's own
        // home (the default) or the separate guarantee address.
        const [field, address] = guarantor.sameAddressAsGuarantee
          ? (['address', guarantor.address] as const)
          : (['guaranteeAddress', guarantor.guaranteeAddress] as const);
        const parsed = addressInputSchema.safeParse(address ?? {});
        for (const issue of parsed.error?.issues ?? []) {
          ctx.addIssue({ code: 'custom', path: ['guarantors', index, field, ...issue.path.map(String)], message: issue.message });
        }
      }
      if (asksVehicle(policy.policyType)) {
        const vehicle = guarantor.vehicle;
        const at = ['guarantors', index, 'vehicle'];
        require([...at, 'brand'], L.brand, vehicle?.brand ?? '');
        require([...at, 'model'], L.model, vehicle?.model ?? '');
        require([...at, 'licensePlate'], L.licensePlate, vehicle?.licensePlate ?? '');
      }
    });
  }
  const rent = policy.property.rent;
  if (rent.includesMaintenance) {
    require(['property', 'rent', 'maintenanceAmount'], L.maintenanceAmount, rent.maintenanceAmount);
  }
  if (rent.bankDeposit) {
    require(['property', 'rent', 'bank'], L.bank, rent.bank);
    require(['property', 'rent', 'accountHolder'], L.accountHolder, rent.accountHolder);
    require(['property', 'rent', 'clabe'], L.clabe, rent.clabe);
    if (rent.clabe && !/^\d{18}$/.test(rent.clabe)) {
      ctx.addIssue({ code: 'custom', path: ['property', 'rent', 'clabe'], message: policyMessages.clabe });
    }
  }
  // Issue 34: the directory's broker, or (clients that send only text) the agency's name.
  if (rent.realEstate && rent.realEstateInfo.brokerId === null) require(['property', 'rent', 'realEstateInfo', 'name'], L.realEstateName, rent.realEstateInfo.name);
}

function clearHiddenFields(policy: PolicyDraft) {
  const type: PolicyType = policy.policyType;
  const guarantorRequired = guarantorRequiredFor(type);
  const guarantors = guarantorRequired
    ? policy.guarantors.map((guarantor) => {
        const asksAddress = asksGuaranteeAddress(type) && !guarantor.sameAddressAsGuarantee;
        return {
          ...guarantor,
          guaranteeAddress: asksAddress ? guarantor.guaranteeAddress : null,
          vehicle: asksVehicle(type) ? guarantor.vehicle : null,
        };
      })
    : [];
  const { property } = policy;
  const { rent } = property;
  return {
    ...policy,
    guarantorRequired,
    guarantors,
    property: {
      ...property,
      commercialServices: property.commercialUse && property.commercialServices,
      commercialServicesDetails: property.commercialUse ? property.commercialServicesDetails : '',
      specialObjectsDetails: property.specialObjects ? property.specialObjectsDetails : '',
      rent: {
        ...rent,
        maintenanceAmount: rent.includesMaintenance ? rent.maintenanceAmount : null,
        accountNumber: rent.bankDeposit ? rent.accountNumber : '',
        bank: rent.bankDeposit ? rent.bank : '',
        clabe: rent.bankDeposit ? rent.clabe : '',
        accountHolder: rent.bankDeposit ? rent.accountHolder : '',
        realEstateInfo: rent.realEstate ? rent.realEstateInfo : { name: '', agent: '', brokerId: null },
      },
    },
  };
}
