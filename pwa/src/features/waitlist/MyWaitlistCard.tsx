// The waiting-list card of /my-registrations and the member home: each entry with its rank,
// and a live offer with the time left and the link to answer it; leaving the list.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../components/Button';
import { ListCard } from '../../components/ListCard';
import { useCurrentUser } from '../auth/session';
import { useLeaveWaitlist } from './mutations';
import { OfferLine } from './OfferLine';
import { useMyWaitlist, type WaitlistEntry } from './queries';

export function MyWaitlistCard() {
  const { t } = useTranslation('waitlist');
  const { isSignedIn } = useCurrentUser();
  const entries = useMyWaitlist(isSignedIn);
  return (
    <ListCard
      id="my-waitlist"
      title={t('mine.title')}
      query={entries}
      error={t('mine.loadError')}
      empty={{ text: t('mine.empty'), action: t('mine.browse'), to: '/events' }}
    >
      {(list) => (
        <ul className="mt-4 space-y-4">
          {list.map((e) => (
            <Item key={e.id} entry={e} />
          ))}
        </ul>
      )}
    </ListCard>
  );
}

function Item({ entry: e }: { entry: WaitlistEntry }) {
  const { t } = useTranslation('waitlist');
  const leave = useLeaveWaitlist();
  const live = e.offer?.state === 'live' ? e.offer : null;
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-testid="waitlist-entry">
      <p className="font-semibold">{e.label}</p>
      {e.rank != null && <p className="text-sm text-slate-700">{t('mine.rank', { rank: e.rank })}</p>}
      {live && (
        <div className="mt-2 space-y-2">
          <OfferLine expiresAt={live.expiresAt} />
          <Link to={`/offers/${live.id}`} className={buttonClass('primary', 'sm')}>
            {t('mine.answer')}
          </Link>
        </div>
      )}
      <Button variant="danger" size="sm" className="mt-3" disabled={leave.isPending} onClick={() => leave.mutate(e.id)}>
        {t('mine.leave')}
      </Button>
    </li>
  );
}
