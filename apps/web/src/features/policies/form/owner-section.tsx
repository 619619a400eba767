import { policyLabels } from '@portal/domain';
import { AddressFields } from './address-fields';
import { formLabels } from './form-labels';
import { FieldGrid, TextInput } from './fields';
import { SectionCard } from './section-card';
import { TaxIdFields } from './tax-id-fields';

/** The property's owner: name, contact and address. */
export function OwnerSection() {
  return (
    <SectionCard title={formLabels.sections.owner}>
      <FieldGrid>
        <TextInput name="property.owner.name" label={policyLabels.ownerName} required fieldClassName="sm:col-span-2" />
        <TaxIdFields at="property.owner" />
        <TextInput name="property.owner.phone" label={policyLabels.phone} type="tel" />
        <TextInput name="property.owner.mobile" label={policyLabels.mobile} type="tel" />
        <TextInput name="property.owner.email" label={policyLabels.email} type="email" fieldClassName="sm:col-span-2" />
        <AddressFields path="property.owner.address" legend={formLabels.ownerAddress} />
      </FieldGrid>
    </SectionCard>
  );
}
