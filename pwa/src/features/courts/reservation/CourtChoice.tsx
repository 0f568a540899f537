// The choice of court: a large card per court (at most two, the centre's outdoor courts). While
// the courts load, two grey cards of the same size hold their place.
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../components/QueryStatus';
import { Skeleton } from '../../../components/Skeleton';
import type { Court } from '../queries';
import { useCourts } from '../queries';
import { useCourtName } from '../courtName';

const CARD = 'flex min-h-20 items-center gap-4 rounded-xl border-2 p-4';

interface CourtChoiceProps {
  selected: number | null;
  onSelect: (id: number) => void;
}

/** The courts a booking can choose from: the first two. */
export function courtCards(courts: Court[] | undefined): Court[] {
  return (courts ?? []).slice(0, 2);
}

export function CourtChoice({ selected, onSelect }: CourtChoiceProps) {
  const { t } = useTranslation('courts');
  const courts = useCourts();
  const courtName = useCourtName();
  const skeleton = (
    <div className="grid gap-4 sm:grid-cols-2">
      {[0, 1].map((n) => (
        <span key={n} className={`${CARD} border-slate-200`}>
          <Skeleton className="h-5 w-5 shrink-0" />
          <span className="flex-1">
            <Skeleton className="h-7 w-48 max-w-full" />
            <Skeleton className="h-5 w-24" />
          </span>
        </span>
      ))}
    </div>
  );
  return (
    <QueryStatus query={courts} className="mt-3" error={t('court.error')} loading={skeleton}>
      {(list) => (
        <fieldset className="mt-3">
          <legend className="sr-only">{t('court.legend')}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {courtCards(list).map((c) => (
              <label
                key={c.id}
                className={`${CARD} cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700 ${
                  c.id === selected ? 'border-brand-700 bg-brand-50' : 'border-slate-200 hover:border-brand-600'
                }`}
              >
                <input type="radio" name="court" value={c.id} checked={c.id === selected} onChange={() => onSelect(c.id)} className="h-5 w-5 accent-brand-700" />
                <span>
                  <span className="block text-lg font-semibold">{courtName(c)}</span>
                  <span className="block text-sm text-slate-600">{t('court.outdoor')}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </QueryStatus>
  );
}
