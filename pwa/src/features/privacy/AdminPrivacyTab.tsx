// The console's 'Confidentialité' tab (admins only): the person in charge, the deletion queue
// with its 30-day clock, and the incidents register.
import { DeletionQueue } from './DeletionQueue';
import { IncidentsRegister } from './IncidentsRegister';
import { OfficerForm } from './OfficerForm';

export function AdminPrivacyTab() {
  return (
    <div className="space-y-10">
      <DeletionQueue />
      <IncidentsRegister />
      <OfficerForm />
    </div>
  );
}
