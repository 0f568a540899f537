// 'Nom de cet appareil' on the Tournois tab: the name other scorekeepers see for this phone in
// conflicts and in a match's history. A phone without a name gets 'Téléphone de Ada' (the
// signed-in admin's first name) the first time the tab shows; the name goes to the server with
// the phone's next push. The input keeps a name the server takes (trimmed, at most 60
// characters): a name it refused would hold back every score of the outbox.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/form/TextField';
import { toast } from '../../../components/toast';
import { deviceName, setDeviceName } from '../../../db/outbox';
import { useCurrentUser } from '../../auth/session';

const MAX_NAME = 60;

export function DeviceNameField() {
  const { t } = useTranslation('tournaments');
  const { user } = useCurrentUser();
  const firstName = user?.firstName?.trim() ?? '';
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    let current = true;
    void deviceName().then(async (stored) => {
      const name = stored ?? (firstName ? t('device.default', { name: firstName }) : t('device.anonymous'));
      if (!stored) await setDeviceName(name);
      if (current) setValue(name);
    });
    return () => {
      current = false;
    };
  }, [firstName, t]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const name = (value ?? '').trim();
    if (name.length === 0 || name.length > MAX_NAME) {
      setError(t('device.invalid'));
      return;
    }
    setError(undefined);
    await setDeviceName(name);
    setValue(name);
    toast({ title: t('device.saved') });
  };

  if (value === null) return null;
  return (
    <form onSubmit={(event) => void save(event)} className="flex flex-wrap items-end gap-3 print:hidden" data-testid="device-name">
      <TextField
        name="deviceName"
        label={t('device.label')}
        hint={t('device.hint')}
        value={value}
        onValueChange={setValue}
        error={error}
        maxLength={MAX_NAME}
        className="min-w-0 flex-1"
      />
      <Button type="submit" className="min-h-11">
        {t('device.save')}
      </Button>
    </form>
  );
}
