// The season's nights in the console: each night's date and state, its grid to print for the
// clubhouse board once it is out, and 'Annuler la soirée' for a night not yet played (a
// closure's reason and a message for the captains, each e-mailed once; nobody moves and the
// next night takes the grid). The server refuses a played night (409) whatever this shows.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { FormActions } from '../../components/form/FormActions';
import { Select } from '../../components/form/Select';
import { TextArea } from '../../components/form/TextArea';
import { formatLongDate } from '../../lib/format';
import type { Schemas } from '../../api/types';
import { useCancelNight, type ClosureReason } from './mutations';

type Night = Schemas['NightDto'];

const REASONS: readonly ClosureReason[] = ['storm', 'rain', 'heat', 'water_quality', 'other'];

export function LeagueNights({ eventId, leagueId, nights }: { eventId: number; leagueId: number; nights: Night[] }) {
  const { t, i18n } = useTranslation('leagues');
  const [cancelling, setCancelling] = useState<Night | null>(null);
  return (
    <section aria-labelledby="admin-league-nights" className="space-y-3">
      <h3 id="admin-league-nights" className="text-xl font-semibold">
        {t('nights.title')}
      </h3>
      <ol className="divide-y divide-slate-200 rounded-xl border border-slate-300">
        {nights.map((night) => {
          const date = formatLongDate(`${night.date}T12:00:00Z`, i18n.language);
          return (
            <li key={night.number} className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3">
              <span className="font-medium">{t('nights.number', { n: night.number })}</span>
              <span>{date}</span>
              <span className="text-slate-700">
                · {t(`nights.state.${night.state}`)}
                {night.cancelReason && ` (${t(`reason.${night.cancelReason}`)})`}
              </span>
              <span className="ml-auto flex flex-wrap gap-2">
                {(night.state === 'published' || night.state === 'played') && (
                  <a className={buttonClass('secondary', 'md', 'min-h-11')} href={`/api/admin/leagues/${leagueId}/nights/${night.number}.xlsx`}
                    download
                    aria-label={t('admin.nights.printNight', { n: night.number })}
                  >
                    {t('admin.nights.print')}
                  </a>
                )}
                {(night.state === 'planned' || night.state === 'published') && (
                  <Button className="min-h-11" aria-label={t('admin.nights.cancelNight', { n: night.number })} onClick={() => setCancelling(night)}>
                    {t('admin.nights.cancel')}
                  </Button>
                )}
              </span>
            </li>
          );
        })}
      </ol>
      {cancelling && <CancelNightDialog eventId={eventId} leagueId={leagueId} night={cancelling} onClose={() => setCancelling(null)} />}
    </section>
  );
}

function CancelNightDialog({ eventId, leagueId, night, onClose }: { eventId: number; leagueId: number; night: Night; onClose: () => void }) {
  const { t, i18n } = useTranslation('leagues');
  const [reason, setReason] = useState<ClosureReason>('rain');
  const [message, setMessage] = useState('');
  const cancel = useCancelNight(eventId, leagueId, { onSuccess: onClose });
  const date = formatLongDate(`${night.date}T12:00:00Z`, i18n.language);
  return (
    <Dialog open onClose={onClose} title={t('admin.nights.cancelTitle', { n: night.number, date })} closeLabel={t('admin.close')}>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          cancel.mutate({ night: night.number, reason, message });
        }}
      >
        <p className="text-slate-700">{t('admin.nights.cancelIntro')}</p>
        <Select name="reason" label={t('admin.nights.reason')} value={reason} onValueChange={(value) => setReason(value as ClosureReason)} error={undefined}>
          {REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`reason.${r}`)}
            </option>
          ))}
        </Select>
        <TextArea name="message" label={t('admin.nights.message')} value={message} onValueChange={setMessage} error={undefined} maxLength={500} />
        <FormActions label={t('admin.nights.confirmCancel')} pending={cancel.isPending} onCancel={onClose} cancelLabel={t('admin.nights.keep')} />
      </form>
    </Dialog>
  );
}
