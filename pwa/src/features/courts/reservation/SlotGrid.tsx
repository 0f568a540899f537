// The day's slots as large buttons, free or reserved (a shape of words, not colour alone).
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/format';
import type { Slot } from '../queries';

export function SlotGrid({ slots, selected, onSelect, date, lang }: { slots: Slot[]; selected: Slot | null; onSelect: (slot: Slot) => void; date: string; lang: string }) {
  const { t } = useTranslation('courts');
  return (
    <div role="group" aria-label={t('slots.legend', { date: formatDay(date, lang) })} className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-5">
      {slots.map((s) => {
        const isSelected = selected?.start === s.start;
        const state = s.available ? t('slots.free') : t('slots.reserved');
        return (
          <button
            key={s.start}
            type="button"
            disabled={!s.available}
            aria-pressed={isSelected}
            aria-label={t('slots.label', { time: s.time, state })}
            data-testid="slot"
            data-time={s.time}
            onClick={() => onSelect(s)}
            className={`flex min-h-14 flex-col items-center justify-center rounded-lg border-2 px-2 py-2 text-lg font-semibold ${
              !s.available
                ? 'cursor-not-allowed border-slate-200 bg-slate-100 text-slate-500'
                : isSelected
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-brand-600 bg-white text-brand-800 hover:bg-brand-50'
            }`}
          >
            <span>{s.time}</span>
            <span className="text-xs font-normal">{state}</span>
          </button>
        );
      })}
    </div>
  );
}
