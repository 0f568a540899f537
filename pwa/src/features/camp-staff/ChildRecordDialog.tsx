// A child's full record, opened from /animation: asked of the server at each opening (which logs
// it) and forgotten when the dialog closes.
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { QueryStatus } from '../../components/QueryStatus';
import { formatDate } from '../../lib/format';
import { HealthFormTerms } from '../daycamps/health/HealthFormTerms';
import { useChildRecord, type CampChild } from './queries';

const ROW = 'grid gap-1 py-2 sm:grid-cols-3';

export function ChildRecordDialog({ child, onClose }: { child: CampChild | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('campStaff');
  const { t: td } = useTranslation('daycamps');
  const record = useChildRecord(child?.id ?? null);
  const title = child ? t('record.title', { name: `${child.childFirstName} ${child.childLastName}` }) : '';
  return (
    <Dialog open={child !== null} onClose={onClose} title={title} closeLabel={t('record.close')}>
      <p className="text-sm text-slate-600">{t('record.logged')}</p>
      {child && (
        <QueryStatus query={record} error={t('record.loadError')}>
          {(r) => {
            const h = r.healthForm;
            const rows: [string, string][] = [
              [t('record.birthDate'), formatDate(`${r.childBirthDate}T12:00:00Z`, i18n.language)],
              [t('record.gender'), r.childGender ? td(`form.gender.${r.childGender}`) : t('record.none')],
              [t('record.parent'), r.parentName],
              [t('record.parentPhone'), r.parentPhone],
              [t('record.parentEmail'), r.parentEmail],
            ];
            if (!h) rows.push([t('record.healthForm'), t('record.noHealthForm')]);
            return (
              <dl className="mt-3 divide-y divide-slate-200" data-testid="child-record">
                {rows.map(([term, value]) => (
                  <div key={term} className={ROW}>
                    <dt className="font-semibold text-slate-700">{term}</dt>
                    <dd className="whitespace-pre-line break-words sm:col-span-2">{value}</dd>
                  </div>
                ))}
                {h && <HealthFormTerms form={h} rowClassName={ROW} valueClassName="sm:col-span-2" />}
              </dl>
            );
          }}
        </QueryStatus>
      )}
    </Dialog>
  );
}
