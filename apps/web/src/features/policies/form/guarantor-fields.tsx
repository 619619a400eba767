import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { asksGuaranteeAddress, asksVehicle, policyLabels, type PolicyFormValues, type PolicyType } from '@portal/domain';
import { AddressFields } from './address-fields';
import { formLabels } from './form-labels';
import { CheckboxInput, FieldGrid, FieldGroup, TextInput } from './fields';
import { TaxIdFields } from './tax-id-fields';

/**
 * One guarantor. Plus asks where the guarantee property is unless it is the guarantor's own
 * address; Plus Auto asks for the vehicle instead (spec section 5).
 */
export function GuarantorFields({ index, type, actions }: { index: number; type: PolicyType; actions?: ReactNode }) {
  const at = `guarantors.${index}` as const;
  const sameAddress = useWatch<PolicyFormValues>({ name: `${at}.sameAddressAsGuarantee` }) !== false;
  return (
    <FieldGroup legend={formLabels.guarantor(index + 1)} actions={actions}>
      <FieldGrid>
        <TextInput name={`${at}.name`} label={policyLabels.guarantorName} required fieldClassName="sm:col-span-2" />
        <TaxIdFields at={at} />
        <TextInput name={`${at}.phone`} label={policyLabels.phone} type="tel" />
        <TextInput name={`${at}.mobile`} label={policyLabels.mobile} type="tel" />
        <TextInput name={`${at}.email`} label={policyLabels.email} type="email" fieldClassName="sm:col-span-2" />
        <AddressFields path={`${at}.address`} legend={formLabels.address} />
        {asksGuaranteeAddress(type) ? (
          <>
            <CheckboxInput name={`${at}.sameAddressAsGuarantee`} label={formLabels.sameAddressAsGuarantee} className="sm:col-span-2" />
            {sameAddress ? null : <AddressFields path={`${at}.guaranteeAddress`} legend={formLabels.guaranteeAddress} required />}
          </>
        ) : null}
        {asksVehicle(type) ? <VehicleFields index={index} /> : null}
      </FieldGrid>
    </FieldGroup>
  );
}

function VehicleFields({ index }: { index: number }) {
  const at = `guarantors.${index}.vehicle` as const;
  return (
    <FieldGroup legend={formLabels.vehicle} className="sm:col-span-2">
      <FieldGrid className="lg:grid-cols-3">
        <TextInput name={`${at}.brand`} label={policyLabels.brand} required />
        <TextInput name={`${at}.model`} label={policyLabels.model} required />
        <TextInput name={`${at}.year`} label={policyLabels.year} inputMode="numeric" maxLength={4} />
        <TextInput name={`${at}.color`} label={policyLabels.color} />
        <TextInput name={`${at}.licensePlate`} label={policyLabels.licensePlate} required />
      </FieldGrid>
    </FieldGroup>
  );
}
