// The slots of the chosen court on the chosen day: loading, failed, none at all (the court is
// closed that day: out of season or a closed weekday), none free ('Aucun créneau disponible',
// with the reserved ones still shown), or the grid to pick one; under it, a reserved slot's
// waiting list ('Rejoindre la liste d'attente': told by e-mail when it frees, first to book wins).
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { QueryStatus } from '../../../components/QueryStatus';
import { useSignInGate } from '../../../components/signIn';
import { useJoinSlotWaitlist } from '../mutations';
import { useDaySlots, type Slot } from '../queries';
import { SlotGrid } from './SlotGrid';

interface SlotPickerProps {
  courtId: number;
  date: string;
  selected: Slot | null;
  onSelect: (slot: Slot) => void;
}

export function SlotPicker({ courtId, date, selected, onSelect }: SlotPickerProps) {
  const { t, i18n } = useTranslation('courts');
  const slots = useDaySlots(courtId, date);
  const gate = useSignInGate();
  const join = useJoinSlotWaitlist();
  const grid = (list: Slot[]) => (
    <>
      <SlotGrid slots={list} selected={selected} onSelect={onSelect} date={date} lang={i18n.language} />
      {list.some((s) => !s.available && Date.parse(s.start) > Date.now()) && (
        <div className="mt-3">
          <p className="text-sm text-slate-700">{t('waitlist.hint')}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            {list
              .filter((s) => !s.available && Date.parse(s.start) > Date.now())
              .map((s) => (
                <Button
                  key={s.start}
                  size="sm"
                  disabled={join.isPending}
                  aria-label={t('waitlist.joinSlot', { time: s.time })}
                  onClick={() => gate(() => join.mutate({ courtId, startTime: s.start }))}
                >
                  {t('waitlist.wait', { time: s.time })}
                </Button>
              ))}
          </div>
        </div>
      )}
    </>
  );
  return (
    <QueryStatus query={slots} className="mt-3" error={t('slots.noData')} loadingLabel={t('slots.loading')}>
      {(list) =>
        !Array.isArray(list) ? (
          <p role="alert" className="mt-3 text-red-800">
            {t('slots.noData')}
          </p>
        ) : list.length === 0 ? (
          <p className="mt-3 text-slate-700">{t('slots.closed')}</p>
        ) : list.every((s) => !s.available) ? (
          <div className="mt-3">
            <p className="text-slate-700">{t('slots.empty')}</p>
            {grid(list)}
          </div>
        ) : (
          grid(list)
        )
      }
    </QueryStatus>
  );
}
