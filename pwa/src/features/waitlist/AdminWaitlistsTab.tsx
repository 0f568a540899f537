// The console's Listes d'attente tab: every list with someone in line, its places (registered,
// held by live offers, capacity), and per person their rank, since when, their offers and their
// state; an admin moves someone up or down, offers a free place by hand, or closes the list.
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { QueryStatus } from '../../components/QueryStatus';
import { formatDateTime } from '../../lib/format';
import { useCloseWaitlist, useMoveEntry, useOfferByHand } from './mutations';
import { useAdminWaitlists, type AdminWaitlist } from './queries';

export function AdminWaitlistsTab() {
  const { t } = useTranslation('waitlist');
  const lists = useAdminWaitlists();
  return (
    <section aria-labelledby="waitlists-title" className="space-y-6">
      <h2 id="waitlists-title" className="text-2xl font-bold">
        {t('admin.title')}
      </h2>
      <QueryStatus query={lists} error={t('admin.loadError')} empty={<p className="text-slate-700">{t('admin.empty')}</p>}>
        {(all) => (
          <div className="space-y-6">
            {all.map((list) => (
              <List key={`${list.kind}-${list.eventId ?? ''}-${list.programId ?? ''}-${list.weekId ?? ''}`} list={list} />
            ))}
          </div>
        )}
      </QueryStatus>
    </section>
  );
}

function List({ list }: { list: AdminWaitlist }) {
  const { t, i18n } = useTranslation('waitlist');
  const move = useMoveEntry();
  const offer = useOfferByHand();
  const close = useCloseWaitlist();
  const busy = move.isPending || offer.isPending || close.isPending;
  return (
    <article className="rounded-xl border border-slate-200 p-4 shadow-sm" data-testid="admin-waitlist">
      <h3 className="text-lg font-semibold">{list.label}</h3>
      <p className="text-sm text-slate-700">
        {t('admin.places', { registered: list.registered, held: list.held, capacity: list.capacity ?? '∞' })}
      </p>
      <ol className="mt-3 space-y-3">
        {list.entries.map((e) => (
          <li key={e.id} className="rounded-lg border border-slate-200 p-3">
            <p className="font-semibold">
              {t('admin.rank', { rank: e.rank })} · {e.name || e.email || '—'}
            </p>
            <p className="break-all text-sm text-slate-700">{e.email}</p>
            <p className="text-sm text-slate-700">{t('admin.since', { when: formatDateTime(e.joinedAt, i18n.language) })}</p>
            <p className="text-sm">{t(`admin.state.${e.state}`)}</p>
            {e.offers.length > 0 && (
              <ul className="mt-1 text-sm text-slate-700">
                {e.offers.map((o) => (
                  <li key={o.id}>
                    {t('admin.offer', { state: t(`admin.offerState.${o.state}`), when: formatDateTime(o.expiresAt, i18n.language) })}
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-2 flex flex-wrap gap-2">
              <Button size="sm" disabled={busy || e.rank === 1} onClick={() => move.mutate({ id: e.id, rank: e.rank - 1 })}>
                {t('admin.up')}
              </Button>
              <Button size="sm" disabled={busy || e.rank === list.entries.length} onClick={() => move.mutate({ id: e.id, rank: e.rank + 1 })}>
                {t('admin.down')}
              </Button>
              {e.state === 'waiting' && (
                <Button size="sm" disabled={busy} onClick={() => offer.mutate(e.id)}>
                  {t('admin.offerByHand')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ol>
      <Button
        variant="danger"
        size="sm"
        className="mt-3"
        disabled={busy}
        onClick={() => close.mutate({ eventId: list.eventId, programId: list.programId, weekId: list.weekId })}
      >
        {t('admin.close')}
      </Button>
    </article>
  );
}
