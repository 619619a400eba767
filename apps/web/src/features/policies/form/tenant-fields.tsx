import type { ReactNode } from 'react';
import { policyLabels } from '@portal/domain';
import { AddressFields } from './address-fields';
import { formLabels } from './form-labels';
import { CheckboxInput, FieldGrid, FieldGroup, MoneyInput, TextInput } from './fields';
import { ReferencesFields } from './references-fields';
import { TaxIdFields } from './tax-id-fields';

/** One tenant: contact, work, addresses and references (spec section 3, Tenant). */
export function TenantFields({ index, actions }: { index: number; actions?: ReactNode }) {
  const at = `tenants.${index}` as const;
  return (
    <FieldGroup legend={formLabels.tenant(index + 1)} actions={actions}>
      <FieldGrid>
        <TextInput name={`${at}.name`} label={policyLabels.tenantName} required fieldClassName="sm:col-span-2" />
        <TaxIdFields at={at} />
        <TextInput name={`${at}.phone`} label={policyLabels.phone} type="tel" />
        <TextInput name={`${at}.mobile`} label={policyLabels.mobile} type="tel" />
        <TextInput name={`${at}.email`} label={policyLabels.email} type="email" />
        <TextInput name={`${at}.profession`} label={policyLabels.profession} />
        <MoneyInput name={`${at}.monthlyIncome`} label={policyLabels.monthlyIncome} />
        <TextInput name={`${at}.company`} label={policyLabels.company} />
        <TextInput name={`${at}.seniority`} label={policyLabels.seniority} />
        <TextInput name={`${at}.immediateBoss`} label={policyLabels.immediateBoss} />
        <CheckboxInput name={`${at}.requiresInvoice`} label={policyLabels.requiresInvoice} className="sm:col-span-2" />
        <AddressFields path={`${at}.address`} legend={formLabels.address} />
        <AddressFields path={`${at}.workAddress`} legend={formLabels.workAddress} />
        <ReferencesFields tenantIndex={index} />
      </FieldGrid>
    </FieldGroup>
  );
}
