// An admin's leave for someone not on the child's list to take them home that day: the name and
// the reason, recorded with who gave it and when (the server keeps it; the day shows it).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { Dialog } from '../../../components/Dialog';
import { FormActions } from '../../../components/form/FormActions';
import { TextArea } from '../../../components/form/TextArea';
import { TextField } from '../../../components/form/TextField';
import { useAddOverride, type ChildAttendance } from '../queries';

export function OverrideDialog({ child, day, onClose }: { child: ChildAttendance | null; day: string; onClose: () => void }) {
  const { t } = useTranslation('campStaff');
  const add = useAddOverride();
  const [name, setName] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const close = () => {
    setName('');
    setReason('');
    setErrors({});
    add.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!child) return;
    const missing: Record<string, string> = {};
    if (!name.trim()) missing.personName = t('attendance.override.nameRequired');
    if (!reason.trim()) missing.reason = t('attendance.override.reasonRequired');
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    add.mutate(
      { registrationId: child.registrationId, date: day, personName: name.trim(), reason: reason.trim() },
      {
        onSuccess: close,
        onError: (error) => setErrors(error instanceof ApiError && error.fieldErrors ? error.fieldErrors : { reason: t('attendance.override.error') }),
      },
    );
  };
  const title = child ? t('attendance.override.title', { name: `${child.childFirstName} ${child.childLastName}` }) : '';
  return (
    <Dialog open={child !== null} onClose={close} title={title} closeLabel={t('attendance.override.close')}>
      <form onSubmit={submit} noValidate className="space-y-3">
        <p className="text-sm text-slate-700">{t('attendance.override.intro')}</p>
        <TextField name="personName" label={t('attendance.override.name')} value={name} onValueChange={setName} error={errors.personName} required maxLength={100} inputClassName="min-h-11" />
        <TextArea name="reason" label={t('attendance.override.reason')} value={reason} onValueChange={setReason} error={errors.reason} required maxLength={500} rows={3} />
        <FormActions label={t('attendance.override.save')} pending={add.isPending} onCancel={close} cancelLabel={t('attendance.override.cancel')} />
      </form>
    </Dialog>
  );
}
