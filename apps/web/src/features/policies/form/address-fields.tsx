import { branchLabels } from '@portal/domain';
import { FieldGrid, FieldGroup, TextInput } from './fields';

/** Every place the policy form asks for an address. */
export type AddressPath =
  | 'property.address'
  | 'property.owner.address'
  | `tenants.${number}.address`
  | `tenants.${number}.workAddress`
  | `guarantors.${number}.address`
  | `guarantors.${number}.guaranteeAddress`;

/**
 * Street to zip code, labelled as on the branch form. `required` marks what the schema requires
 * (the property's and the guarantee's address); people's addresses may be partial.
 */
export function AddressFields({ path, legend, required = false }: { path: AddressPath; legend: string; required?: boolean }) {
  return (
    <FieldGroup legend={legend} className="sm:col-span-2">
      <FieldGrid className="lg:grid-cols-4">
        <TextInput name={`${path}.street`} label={branchLabels.street} required={required} fieldClassName="sm:col-span-2" />
        <TextInput name={`${path}.exteriorNumber`} label={branchLabels.exteriorNumber} required={required} />
        <TextInput name={`${path}.interiorNumber`} label={branchLabels.interiorNumber} />
        <TextInput name={`${path}.colony`} label={branchLabels.colony} required={required} fieldClassName="lg:col-span-2" />
        <TextInput name={`${path}.municipality`} label={branchLabels.municipality} required={required} fieldClassName="lg:col-span-2" />
        <TextInput name={`${path}.state`} label={branchLabels.state} required={required} fieldClassName="lg:col-span-2" />
        <TextInput
          name={`${path}.zipCode`}
          label={branchLabels.zipCode}
          required={required}
          inputMode="numeric"
          maxLength={5}
          pattern="[0-9]{5}"
        />
      </FieldGrid>
    </FieldGroup>
  );
}
