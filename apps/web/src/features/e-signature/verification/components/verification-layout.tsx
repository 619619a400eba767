import type { ReactNode } from 'react';
import { PublicLayout } from '@/features/public-links';
import { verificationTexts as texts } from '../verification-texts';

/** /verificar's frame: the public pages' (no menu, no session, phone first), saying what the page is and what it keeps. */
export function VerificationLayout({ children }: { children: ReactNode }) {
  return (
    <PublicLayout subtitle={texts.subtitle} footer={texts.footer}>
      <div className="space-y-5">{children}</div>
    </PublicLayout>
  );
}
