import { useWatch } from 'react-hook-form';
import { policyLabels, propertyTypeLabels, propertyTypes, type PolicyFormValues } from '@portal/domain';
import { AddressFields } from './address-fields';
import { formLabels } from './form-labels';
import { CheckboxInput, FieldGrid, FieldGroup, SelectInput, TextareaInput, TextInput } from './fields';
import { SectionCard } from './section-card';

/** The rented property: type, address, services, commercial use and special objects. */
export function PropertySection() {
  const [commercialUse, specialObjects] = useWatch<PolicyFormValues, ['property.commercialUse', 'property.specialObjects']>({
    name: ['property.commercialUse', 'property.specialObjects'],
  });

  return (
    <SectionCard title={formLabels.sections.property}>
      <FieldGrid>
        <SelectInput name="property.propertyType" label={policyLabels.propertyType} required>
          {propertyTypes.map((type) => (
            <option key={type} value={type}>
              {propertyTypeLabels[type]}
            </option>
          ))}
        </SelectInput>
        <TextInput name="property.parkingSpots" label={policyLabels.parkingSpots} inputMode="numeric" />
        <TextInput name="property.identification" label={policyLabels.identification} fieldClassName="sm:col-span-2" />
        <AddressFields path="property.address" legend={formLabels.propertyAddress} required />

        <FieldGroup legend={formLabels.services} className="sm:col-span-2">
          <FieldGrid className="lg:grid-cols-3">
            <CheckboxInput name="property.services.water" label={formLabels.water} />
            <CheckboxInput name="property.services.electricity" label={formLabels.electricity} />
            <CheckboxInput name="property.services.maintenance" label={formLabels.maintenance} />
          </FieldGrid>
          <FieldGrid>
            <TextInput name="property.services.other" label={formLabels.otherServices} fieldClassName="sm:col-span-2" />
            <TextareaInput name="property.services.details" label={formLabels.servicesDetails} />
          </FieldGrid>
        </FieldGroup>

        <CheckboxInput name="property.commercialUse" label={formLabels.commercialUse} />
        <CheckboxInput name="property.specialObjects" label={formLabels.specialObjects} />
        {commercialUse ? (
          <>
            <CheckboxInput name="property.commercialServices" label={formLabels.commercialServices} className="sm:col-span-2" />
            <TextareaInput name="property.commercialServicesDetails" label={formLabels.commercialServicesDetails} />
          </>
        ) : null}
        {specialObjects ? <TextareaInput name="property.specialObjectsDetails" label={formLabels.specialObjectsDetails} /> : null}
        <TextareaInput name="property.description" label={policyLabels.description} />
      </FieldGrid>
    </SectionCard>
  );
}
