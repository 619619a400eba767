import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { useGoBack } from './use-go-back';

/** Both investigation screens: the title, the folio under it, 'Volver' and the screen's own actions. */
export function InvestigationPageHeader({ title, folio, actions }: { title: string; folio: string; actions?: ReactNode }) {
  const goBack = useGoBack();
  return (
    <PageHeader
      title={title}
      description={folio ? `Folio de investigación: ${folio}` : undefined}
      actions={
        <>
          <Button variant="secondary" onClick={goBack}>
            <ArrowLeft aria-hidden="true" />
            Volver
          </Button>
          {actions}
        </>
      }
    />
  );
}
