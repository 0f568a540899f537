// A parent tells the camp their child will not come on a day of one of the child's weeks, from
// /my-registrations: the counsellor's day then shows the absence as given, and the child is not
// flagged 'absent sans avis' at 9:30. The server (core's rule) answers a day outside the weeks, a
// past day or a child already there on the field.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../../api/client';
import { useApiMutation } from '../../../api/mutations';
import type { Schemas } from '../../../api/types';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { DayField } from '../../../components/form/DayField';
import { FormActions } from '../../../components/form/FormActions';
import { useForm } from '../../../components/form/useForm';
import { formatDay } from '../../../lib/format';
import { centreToday } from '../../../lib/dates';

type Notice = Schemas['AbsenceNoticeDto'];
type Values = { day: string };
const INITIAL: Values = { day: '' };

/** Shown while one of the child's weeks has a day left (today included). */
export function AbsenceNoticeButton({ id, child, lastDay }: { id: number; child: string; lastDay: string }) {
  const { t } = useTranslation('daycamps');
  const [open, setOpen] = useState(false);
  if (lastDay < centreToday()) return null;
  return (
    <>
      <Button type="button" size="sm" className="mt-3" onClick={() => setOpen(true)}>
        {t('absence.open')}
      </Button>
      {open && (
        <Dialog open onClose={() => setOpen(false)} title={t('absence.title', { child })} closeLabel={t('absence.close')}>
          <NoticeForm id={id} onDone={() => setOpen(false)} />
        </Dialog>
      )}
    </>
  );
}

function NoticeForm({ id, onDone }: { id: number; onDone: () => void }) {
  const { t, i18n } = useTranslation('daycamps');
  const give = useApiMutation<Values, Notice>({
    mutationFn: (body) => apiFetch<Notice>(`/api/user/day-camp-registrations/${id}/absences`, { method: 'POST', body }),
    invalidates: [],
    success: (notice) => ({ title: t('absence.given', { date: formatDay(notice.day, i18n.language) }) }),
    failure: { title: t('absence.error'), description: t('absence.errorDescription') },
    onSuccess: onDone,
    onError: (error) => form.setServerErrors(error),
  });
  const form = useForm<Values>({
    initial: INITIAL,
    validate: (v) => (v.day.trim() === '' ? { day: t('absence.dayRequired') } : {}),
    onSubmit: (v) => give.mutate({ day: v.day }),
  });
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(e)} className="space-y-4">
      <p className="text-slate-700">{t('absence.intro')}</p>
      <DayField {...form.field('day')} label={t('absence.day')} inputClassName="min-h-11" />
      <FormActions rowClassName="flex justify-end" pending={give.isPending} label={t('absence.send')} pendingLabel={t('absence.sending')} />
    </form>
  );
}
