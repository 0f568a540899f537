// The console's RL-24 section (Camps de jour tab): in January the admin picks the year (the
// past one until the end of April, when slips and their corrections are done) and downloads
// each payer's total per child as a spreadsheet (the SIN masked) or opens the printable
// statements (the SIN whole) to copy onto Revenu Québec's own form. No official slip is made.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadExport } from '../../api/download';
import { Button, buttonClass } from '../../components/Button';
import { Select } from '../../components/form/Select';
import { toast } from '../../components/toast';
import { centreToday } from '../../lib/dates';
import { rl24Statements, rl24Workbook } from './queries';

/** The year proposed on `today` ('YYYY-MM-DD'): the past one until the end of April. */
export function proposedYear(today: string): number {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return month <= 4 ? year - 1 : year;
}

export function Rl24Section() {
  const { t, i18n } = useTranslation('daycamps');
  const [year, setYear] = useState(() => proposedYear(centreToday()));
  const latest = proposedYear(centreToday()) + 1;
  const years = Array.from({ length: 7 }, (_, i) => latest - i);
  const download = () =>
    downloadExport(rl24Workbook(year), `rl24_${year}.xlsx`).catch(() =>
      toast({ variant: 'error', title: t('rl24.errorTitle'), description: t('rl24.downloadError', { year }) }),
    );
  return (
    <section aria-labelledby="rl24-title" className="mt-8 space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h3 id="rl24-title" className="text-lg font-semibold">
        {t('rl24.title')}
      </h3>
      <p className="text-sm text-slate-700">{t('rl24.intro')}</p>
      <Select name="rl24-year" label={t('rl24.year')} value={String(year)} onValueChange={(v) => setYear(Number(v))}>
        {years.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </Select>
      <div className="flex flex-wrap gap-3">
        <Button variant="primary" onClick={() => void download()}>
          {t('rl24.workbook')}
        </Button>
        <a className={buttonClass('secondary')} href={rl24Statements(year, i18n.language)} target="_blank" rel="noopener">
          {t('rl24.statements')}
        </a>
      </div>
      <p className="text-sm text-slate-700">{t('rl24.notOfficial')}</p>
    </section>
  );
}
