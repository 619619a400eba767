import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { LinkPurpose, PublicLinkView } from '@portal/domain';

export interface PurposeViewProps {
  token: string;
  view: PublicLinkView;
}

/*
 * What the link is for decides the page after the aviso: the upload view (features/public-link/upload)
 * or the signing view (features/public-signing). Each loads only when its link is opened.
 * TODO(issue 17, merge): the two views plug in here; until then the page says it is not ready.
 */
const notReady = lazy(async () => ({
  default: function NotReady() {
    return <p className="mt-10 text-center text-sm text-slate-600">Esta página aún no está disponible.</p>;
  },
}));

const signingView = lazy(async () => ({ default: (await import('@/features/public-signing')).PublicSigningView }));

export const purposeViews: Record<LinkPurpose, LazyExoticComponent<ComponentType<PurposeViewProps>>> = {
  upload: notReady,
  sign: signingView,
};
