// The console's 'Confidentialité' tab (admins only): the person in charge, the deletion queue
// with its 30-day clock, the incidents register and the retention periods. Shown whole once its
// four reads are in (AllRead), so that nothing moves as each arrives.
import { useTranslation } from 'react-i18next';
import { AllRead } from '../../components/AllRead';
import { DeletionQueue } from './DeletionQueue';
import { IncidentsRegister } from './IncidentsRegister';
import { OfficerForm } from './OfficerForm';
import { useDeletionQueue, useIncidents, usePrivacyOfficer, useRetention } from './queries';
import { RetentionPanel } from './RetentionPanel';

export function AdminPrivacyTab() {
  const { t } = useTranslation('admin');
  const reads = [useDeletionQueue(), useIncidents(), usePrivacyOfficer(), useRetention()];
  return (
    <AllRead reads={reads} loadingLabel={t('grants.loading')}>
      <div className="space-y-10">
        <DeletionQueue />
        <IncidentsRegister />
        <OfficerForm />
        <RetentionPanel />
      </div>
    </AllRead>
  );
}
