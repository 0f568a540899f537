// A card's empty state (the cards of /my-registrations): a sentence and a link styled as a
// button to where something can be added. `skeleton` draws the same layout in grey, the
// loading state that does not move when the empty state replaces it.
import { Link } from 'react-router';
import { Skeleton } from './Skeleton';

interface EmptyStateProps {
  text: string;
  /** The link's translated label and target. */
  action: string;
  to: string;
  skeleton?: boolean;
}

export function EmptyState({ text, action, to, skeleton = false }: EmptyStateProps) {
  if (skeleton) {
    return (
      <div className="text-slate-700">
        <Skeleton>{text}</Skeleton>
        <Skeleton inline className="mt-3 px-4 py-2 font-semibold">
          {action}
        </Skeleton>
      </div>
    );
  }
  return (
    <div className="text-slate-700">
      <p>{text}</p>
      <Link to={to} className="mt-3 inline-block rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
        {action}
      </Link>
    </div>
  );
}
