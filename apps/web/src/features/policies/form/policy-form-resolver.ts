import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { policyInputSchema, type PolicyFormValues, type PolicyInput } from '@portal/domain';
import { withoutHiddenFields } from './policy-form-values';

const schemaResolver = zodResolver(policyInputSchema);

/** The API's own schema, applied to what the screen shows (see withoutHiddenFields). */
export const policyFormResolver: Resolver<PolicyFormValues, unknown, PolicyInput> = (values, context, options) =>
  schemaResolver(withoutHiddenFields(values), context, options);
