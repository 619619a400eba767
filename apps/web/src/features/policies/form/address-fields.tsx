import { AddressFields as AddressGrid } from '@/components/form/address-fields';
import { FieldGroup } from './fields';

/** Every place the policy form asks for an address. */
export type AddressPath =
  | 'property.address'
  | 'property.owner.address'
  | `tenants.${number}.address`
  | `tenants.${number}.workAddress`
  | `guarantors.${number}.address`
  | `guarantors.${number}.guaranteeAddress`;

/**
 * An address of the policy form, in its own group: the shared address fields (the branch form's
 * too). `required` marks what the schema requires (the property's and the guarantee's address);
 * people's addresses may be partial.
 */
export function AddressFields({ path, legend, required = false }: { path: AddressPath; legend: string; required?: boolean }) {
  return (
    <FieldGroup legend={legend} className="sm:col-span-2">
      <AddressGrid path={path} required={required} />
    </FieldGroup>
  );
}
