import type { PublicLinkView } from '@portal/domain';

/**
 * What every purpose's page gets from the link page: the token and the link it opened. Its own
 * file, so the views (loaded lazily by purpose-views.tsx) need not import the file that loads them.
 */
export interface PurposeViewProps {
  token: string;
  view: PublicLinkView;
}
