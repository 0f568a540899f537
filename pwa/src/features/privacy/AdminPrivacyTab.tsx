// The console's 'Confidentialité' tab (admins only): the person in charge, the deletion queue
// with its 30-day clock, and the incidents register. Shown whole once its three reads are in, so
// that nothing moves as each arrives.
import { useTranslation } from 'react-i18next';
import { DeletionQueue } from './DeletionQueue';
import { IncidentsRegister } from './IncidentsRegister';
import { OfficerForm } from './OfficerForm';
import { useDeletionQueue, useIncidents, usePrivacyOfficer } from './queries';

export function AdminPrivacyTab() {
  const { t } = useTranslation('admin');
  const reads = [useDeletionQueue(), useIncidents(), usePrivacyOfficer()];
  if (reads.some((read) => read.isPending)) {
    return (
      <p role="status" className="text-slate-700">
        {t('grants.loading')}
      </p>
    );
  }
  return (
    <div className="space-y-10">
      <DeletionQueue />
      <IncidentsRegister />
      <OfficerForm />
    </div>
  );
}
