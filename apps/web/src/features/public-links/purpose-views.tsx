import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { LinkPurpose } from '@portal/domain';
import type { PurposeViewProps } from './purpose-view-props';

/*
 * What the link is for decides the page after the aviso: the upload view (upload/)
 * or the signing view (features/e-signature). Each loads only when its link is opened.
 */
const uploadView = lazy(() => import('./upload/upload-view'));

const signingView = lazy(async () => ({ default: (await import('@/features/e-signature')).PublicSigningView }));

const rentProofView = lazy(async () => ({ default: (await import('@/features/rents')).TenantProofView }));

const claimOwnerView = lazy(async () => ({ default: (await import('@/features/claims')).OwnerClaimsView }));

export const purposeViews: Record<LinkPurpose, LazyExoticComponent<ComponentType<PurposeViewProps>>> = {
  upload: uploadView,
  sign: signingView,
  rent_proof: rentProofView,
  claim_owner: claimOwnerView,
};
