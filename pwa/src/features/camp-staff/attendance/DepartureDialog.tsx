// Who takes the child home: the parent, an adult of the health form's list, the child alone
// (where the form allows it), someone an admin allowed for the day, or someone else, which the
// server refuses without an admin's override (the dialog says so before it is sent).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { FormActions } from '../../../components/form/FormActions';
import { TextField } from '../../../components/form/TextField';
import type { PickupKind } from '../../../db/outbox';
import type { ChildAttendance } from '../queries';

export interface PickupChoice {
  kind: PickupKind;
  name?: string;
}

interface Option {
  id: string;
  label: string;
  choice: PickupChoice;
}

function options(child: ChildAttendance, t: (key: string, options?: Record<string, string>) => string): Option[] {
  const list: Option[] = [{ id: 'parent', label: t('attendance.pickup.parent', { name: child.parentName }), choice: { kind: 'parent' } }];
  child.authorised.forEach((name, i) => list.push({ id: `authorised-${i}`, label: name, choice: { kind: 'authorised', name } }));
  child.overrides.forEach((o) => list.push({ id: `override-${o.id}`, label: t('attendance.pickup.allowed', { name: o.personName }), choice: { kind: 'other', name: o.personName } }));
  if (child.mayLeaveAlone) list.push({ id: 'alone', label: t('attendance.pickup.alone'), choice: { kind: 'alone' } });
  return list;
}

export function DepartureDialog({ child, onClose, onChoose }: { child: ChildAttendance | null; onClose: () => void; onChoose: (choice: PickupChoice) => void }) {
  const { t } = useTranslation('campStaff');
  const [picked, setPicked] = useState('parent');
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | undefined>();
  const list = child ? options(child, t) : [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (picked === 'other') {
      if (!other.trim()) return setError(t('attendance.pickup.otherRequired'));
      onChoose({ kind: 'other', name: other.trim() });
    } else {
      const found = list.find((o) => o.id === picked);
      if (found) onChoose(found.choice);
    }
    setPicked('parent');
    setOther('');
    setError(undefined);
  };
  const title = child ? t('attendance.pickup.title', { name: `${child.childFirstName} ${child.childLastName}` }) : '';
  return (
    <Dialog open={child !== null} onClose={onClose} title={title} closeLabel={t('attendance.pickup.close')}>
      <form onSubmit={submit} noValidate>
        <fieldset>
          <legend className="font-semibold">{t('attendance.pickup.who')}</legend>
          <div className="mt-2 space-y-1">
            {[...list, { id: 'other', label: t('attendance.pickup.other') }].map((o) => (
              <label key={o.id} className="flex min-h-11 cursor-pointer items-center gap-3 rounded px-2 hover:bg-slate-50">
                <input type="radio" name="pickup" value={o.id} checked={picked === o.id} onChange={() => setPicked(o.id)} className="h-5 w-5 accent-brand-700" />
                <span>{o.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {picked === 'other' && (
          <div className="mt-3 space-y-2">
            <p className="rounded bg-amber-50 p-3 text-sm text-amber-950">{t('attendance.pickup.overrideNeeded')}</p>
            <TextField name="pickupName" label={t('attendance.pickup.otherName')} value={other} onValueChange={setOther} error={error} required maxLength={100} inputClassName="min-h-11" />
          </div>
        )}
        <FormActions label={t('attendance.pickup.confirm')} pending={false} onCancel={onClose} cancelLabel={t('attendance.pickup.cancel')} />
      </form>
    </Dialog>
  );
}
