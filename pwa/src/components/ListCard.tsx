// A card of /my-registrations: its title, then the member's list from one query, with the
// card's empty state (a sentence and a link to where something can be added) and, while
// loading, that empty state's skeleton, so that the cards below do not move.
import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { QueryStatus, type QueryLike } from './QueryStatus';

interface ListCardProps<T> {
  /** The heading's id, which names the card. */
  id: string;
  title: string;
  query: QueryLike<T[]>;
  error: string;
  /** The empty state: its sentence, its link's label and target. */
  empty: { text: string; action: string; to: string };
  children: (list: T[]) => ReactNode;
}

export function ListCard<T>({ id, title, query, error, empty, children }: ListCardProps<T>) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 p-6 shadow-sm">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <QueryStatus query={query} className="mt-4" error={error} loading={<EmptyState skeleton {...empty} />} empty={<EmptyState {...empty} />}>
        {children}
      </QueryStatus>
    </section>
  );
}
