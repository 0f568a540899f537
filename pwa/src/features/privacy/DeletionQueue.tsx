// The console's deletion queue: each request with its 30-day clock (days left, overdue in red);
// the admin answers done (the member's personal data is anonymised now, their registrations and
// payments kept for the accounts) or refused with a note.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeletionOutcome } from '../../api/types';
import { Button } from '../../components/Button';
import { TextArea } from '../../components/form/TextArea';
import { QueryStatus } from '../../components/QueryStatus';
import { formatDay, formatLongDate } from '../../lib/format';
import { useAnswerDeletion } from './mutations';
import { useDeletionQueue, type DeletionRequest } from './queries';

function Clock({ daysLeft }: { daysLeft: number }) {
  const { t } = useTranslation('privacy');
  if (daysLeft < 0) {
    return <p className="font-semibold text-red-700" data-testid="deletion-clock">{t('console.queue.overdue', { count: -daysLeft })}</p>;
  }
  return <p className="font-semibold text-slate-800" data-testid="deletion-clock">{t('console.queue.daysLeft', { count: daysLeft })}</p>;
}

function Row({ request }: { request: DeletionRequest }) {
  const { t, i18n } = useTranslation('privacy');
  const answer = useAnswerDeletion();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const who = [request.firstName, request.lastName].filter(Boolean).join(' ') || request.email || '';
  const send = (outcome: DeletionOutcome) => {
    if (outcome === 'done' && !window.confirm(t('console.queue.confirmDone', { who }))) return;
    answer.mutate(
      { id: request.id, outcome, note },
      { onError: (e: unknown) => setError((e as { fieldErrors?: Record<string, string> }).fieldErrors?.note) },
    );
  };
  return (
    <li className="space-y-2 py-4" data-testid="deletion-request">
      <p className="font-semibold">{who}</p>
      {request.email && <p className="text-sm text-slate-700">{request.email}</p>}
      <p className="text-sm text-slate-700">
        {t('console.queue.requested', { date: formatLongDate(request.requestedAt, i18n.language) })} ·{' '}
        {t('console.queue.due', { date: formatDay(request.answerDue, i18n.language) })}
      </p>
      {request.reason && <p className="text-sm">{t('console.queue.reason', { reason: request.reason })}</p>}
      {request.daysLeft !== null && request.daysLeft !== undefined ? (
        <>
          <Clock daysLeft={request.daysLeft} />
          <TextArea
            name={`note-${request.id}`}
            label={t('console.queue.note')}
            rows={2}
            value={note}
            onValueChange={(v) => {
              setNote(v);
              setError(undefined);
            }}
            error={error}
          />
          <div className="flex flex-wrap gap-3">
            <Button variant="danger" disabled={answer.isPending} onClick={() => send('done')}>
              {t('console.queue.done')}
            </Button>
            <Button disabled={answer.isPending} onClick={() => send('refused')}>
              {t('console.queue.refuse')}
            </Button>
          </div>
        </>
      ) : (
        <p className="text-sm">
          <span className="font-semibold">{t(`console.queue.status.${request.status}`)}</span>
          {request.note ? ` — ${request.note}` : ''}
        </p>
      )}
    </li>
  );
}

export function DeletionQueue() {
  const { t } = useTranslation('privacy');
  const queue = useDeletionQueue();
  return (
    <section aria-labelledby="console-queue" className="space-y-3">
      <h2 id="console-queue" className="text-xl font-semibold">
        {t('console.queue.title')}
      </h2>
      <p className="text-sm text-slate-700">{t('console.queue.hint')}</p>
      <QueryStatus
        query={queue}
        error={t('errors.load')}
        empty={<p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">{t('console.queue.empty')}</p>}
      >
        {(list) => (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 px-4">
            {list.map((r) => (
              <Row key={r.id} request={r} />
            ))}
          </ul>
        )}
      </QueryStatus>
    </section>
  );
}
