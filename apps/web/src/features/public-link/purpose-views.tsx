import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { LinkPurpose, PublicLinkView } from '@portal/domain';

export interface PurposeViewProps {
  token: string;
  view: PublicLinkView;
}

/*
 * What the link is for decides the page after the aviso: the upload view (features/public-link/upload)
 * or the signing view (features/public-signing). Each loads only when its link is opened.
 */
const uploadView = lazy(() => import('./upload/upload-view'));

const signingView = lazy(async () => ({ default: (await import('@/features/public-signing')).PublicSigningView }));

export const purposeViews: Record<LinkPurpose, LazyExoticComponent<ComponentType<PurposeViewProps>>> = {
  upload: uploadView,
  sign: signingView,
};
