// The states of a card or section that shows one query's data: loading, failed, empty, then the
// data. While loading it shows `loading` (Skeleton blocks of the final size, so nothing moves
// when the data arrives) inside a status that says 'Chargement…' to screen readers, or
// that sentence itself when no skeleton is given. A disabled query that has no data shows nothing.
// With `deferred`, data that arrives is drawn as a deferred value: React renders it in slices, in
// the background, while the loading state stays (several long tables are not one long task on a
// phone's main thread); for a view whose neighbours do not wait on the same data.
import { useDeferredValue, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface QueryLike<T> {
  data: T | undefined;
  isLoading: boolean;
  isError: boolean;
}

interface QueryStatusProps<T> {
  query: QueryLike<T>;
  /** The translated sentence shown when the load failed. */
  error: string;
  /** What stands in for the data while it loads: skeletons of its final size. */
  loading?: ReactNode;
  /** The translated loading sentence, when 'Chargement…' says too little. */
  loadingLabel?: string;
  /** What is shown when there is nothing (by default, for an empty list). */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  /** The loading, error and empty blocks' spacing (their margin in the card); the data brings its own. */
  className?: string;
  /** Draw the data in the background (see the top of this file). */
  deferred?: boolean;
  /** The data's view; without it, only the states before the data (a page's early return). */
  children?: (data: T) => ReactNode;
}

const emptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

export function QueryStatus<T>({ query, error, loading, loadingLabel, empty, isEmpty = emptyList, className = '', deferred = false, children }: QueryStatusProps<T>) {
  const { t } = useTranslation();
  const label = loadingLabel ?? t('loading');
  const later = useDeferredValue(query.data);
  const data = deferred ? later : query.data;
  if (query.isLoading || (data === undefined && query.data !== undefined)) {
    return loading ? (
      <div role="status" aria-busy="true" className={className}>
        <span className="sr-only">{label}</span>
        {loading}
      </div>
    ) : (
      <p role="status" className={`text-slate-700 ${className}`}>
        {label}
      </p>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className={`text-red-800 ${className}`}>
        {error}
      </p>
    );
  }
  if (data === undefined) return null;
  if (empty !== undefined && isEmpty(data)) return <div className={className}>{empty}</div>;
  return <>{children?.(data)}</>;
}
