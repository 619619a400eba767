import { useEffect, useRef } from 'react';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';

type PagedQuery = Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'fetchNextPage'>;

/** A paged list's next page, while there is one. */
export function LoadMore({ query }: { query: PagedQuery }) {
  if (!query.hasNextPage) return null;
  return (
    <LoadMoreButton
      onLoadMore={() => {
        if (!query.isFetchingNextPage) void query.fetchNextPage();
      }}
      loading={query.isFetchingNextPage}
      // Off after a failed page, so scrolling does not hammer a failing server.
      auto={!query.isFetchNextPageError}
    />
  );
}

/**
 * 'Cargar más', plus a sentinel under the table that loads the next page when it scrolls into
 * view. The button stays for keyboards, screen readers and browsers without the observer.
 */
function LoadMoreButton({ onLoadMore, loading, auto }: { onLoadMore: () => void; loading: boolean; auto: boolean }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  useEffect(() => {
    latest.current = onLoadMore;
  });

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !auto || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '300px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [auto, loading]);

  return (
    <div className="flex flex-col items-center gap-2">
      <div ref={sentinel} aria-hidden="true" className="h-px w-full" />
      <Button variant="secondary" onClick={onLoadMore} disabled={loading} aria-busy={loading || undefined}>
        {loading ? 'Cargando...' : 'Cargar más'}
      </Button>
    </div>
  );
}
