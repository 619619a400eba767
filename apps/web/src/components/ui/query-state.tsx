import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api-error';
import { Spinner } from './spinner';
import { ErrorState } from './state-panels';

/** What a failure's panel reads of a query: TanStack's result, or a hook that joins several. */
export interface RetryableQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** What QueryState reads of a query. */
interface LoadableQuery<T> extends RetryableQuery {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
}

/** A query's failure: the screen's title, the error's own message and 'Reintentar'. */
export function QueryError({ query, title, action }: { query: RetryableQuery; title: string; action?: ReactNode }) {
  return <ErrorState title={title} message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} action={action} />;
}

interface QueryStateProps<T> {
  query: LoadableQuery<T>;
  /** The spinner's label until the first answer arrives. */
  loading: string;
  /** The spinner's room: a page's is larger than a section's. */
  loadingClassName?: string;
  errorTitle: string;
  /** Beside 'Reintentar' (a way back to the list…). */
  errorAction?: ReactNode;
  /** Shown instead of the content when the answer is empty: an empty list, unless `isEmpty` says otherwise. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

function isEmptyList(data: unknown): boolean {
  return Array.isArray(data) && data.length === 0;
}

/**
 * A query's loading, failure (with 'Reintentar') and, when given, empty states, and its content
 * once it has an answer: one block for every screen instead of one written by hand in each.
 */
export function QueryState<T>({ query, loading, loadingClassName = 'py-16', errorTitle, errorAction, empty, isEmpty = isEmptyList, children }: QueryStateProps<T>) {
  if (query.isPending) return <Spinner label={loading} className={loadingClassName} />;
  if (query.isError) return <QueryError query={query} title={errorTitle} action={errorAction} />;
  // Neither pending nor failed: TanStack Query has the answer.
  const data = query.data as T;
  if (empty !== undefined && isEmpty(data)) return empty;
  return children(data);
}
