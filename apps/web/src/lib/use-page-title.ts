import { useEffect } from 'react';

/** Sets the browser tab's title to '<screen> · Portal de Pólizas'. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Portal de Pólizas` : 'Portal de Pólizas';
  }, [title]);
}
