// The console's register of confidentiality incidents (admins only): date, what happened, who
// was affected, whether the Commission d'accès à l'information and the people affected were
// told; add one, or edit one (reported later, say).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/form/Checkbox';
import { FormActions } from '../../components/form/FormActions';
import { TextArea } from '../../components/form/TextArea';
import { TextField } from '../../components/form/TextField';
import { useForm } from '../../components/form/useForm';
import { QueryStatus } from '../../components/QueryStatus';
import { formatDay } from '../../lib/format';
import { useSaveIncident } from './mutations';
import { useIncidents, type Incident } from './queries';

const BLANK = { occurredOn: '', description: '', affected: '', reportedToCommission: false, reportedToPeople: false };

function IncidentForm({ incident, onDone }: { incident: Incident | null; onDone: () => void }) {
  const { t } = useTranslation('privacy');
  const save = useSaveIncident();
  const form = useForm({
    initial: incident
      ? {
          occurredOn: incident.occurredOn,
          description: incident.description,
          affected: incident.affected,
          reportedToCommission: incident.reportedToCommission,
          reportedToPeople: incident.reportedToPeople,
        }
      : BLANK,
    onSubmit: (body) =>
      save.mutateAsync({ id: incident?.id ?? null, body }).then(onDone, (error: unknown) => void form.setServerErrors(error)),
  });
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(e)} className="space-y-3 rounded-lg border border-slate-300 p-4">
      <TextField label={t('console.incidents.date')} hint={t('console.incidents.dateHint')} required {...form.field('occurredOn')} />
      <TextArea label={t('console.incidents.what')} required rows={3} {...form.field('description')} />
      <TextArea label={t('console.incidents.who')} required rows={2} {...form.field('affected')} />
      <Checkbox label={t('console.incidents.commission')} {...form.checkbox('reportedToCommission')} />
      <Checkbox label={t('console.incidents.people')} {...form.checkbox('reportedToPeople')} />
      <FormActions label={t('console.incidents.save')} pending={save.isPending} onCancel={onDone} cancelLabel={t('console.incidents.cancel')} />
    </form>
  );
}

export function IncidentsRegister() {
  const { t, i18n } = useTranslation('privacy');
  const incidents = useIncidents();
  const [editing, setEditing] = useState<Incident | 'new' | null>(null);
  const yesNo = (v: boolean) => (v ? t('console.incidents.yes') : t('console.incidents.no'));
  return (
    <section aria-labelledby="console-incidents" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="console-incidents" className="text-xl font-semibold">
          {t('console.incidents.title')}
        </h2>
        {editing === null && (
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t('console.incidents.add')}
          </Button>
        )}
      </div>
      {editing !== null && <IncidentForm incident={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      <QueryStatus
        query={incidents}
        error={t('errors.load')}
        empty={<p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">{t('console.incidents.empty')}</p>}
      >
        {(list) => (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 px-4">
            {list.map((i) => (
              <li key={i.id} className="space-y-1 py-4" data-testid="incident">
                <p className="font-semibold">{formatDay(i.occurredOn, i18n.language)}</p>
                <p className="whitespace-pre-wrap">{i.description}</p>
                <p className="text-sm text-slate-700">{t('console.incidents.affected', { who: i.affected })}</p>
                <p className="text-sm text-slate-700">
                  {t('console.incidents.commissionShort')} {yesNo(i.reportedToCommission)} · {t('console.incidents.peopleShort')}{' '}
                  {yesNo(i.reportedToPeople)}
                </p>
                <Button size="sm" onClick={() => setEditing(i)}>
                  {t('console.incidents.edit')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryStatus>
    </section>
  );
}
