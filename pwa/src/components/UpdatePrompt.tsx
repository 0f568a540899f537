import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';

// Asks before switching to a new version: a reload never interrupts a half-filled form.
export function UpdatePrompt() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  if (!needRefresh) return null;
  return (
    <div role="status" className="fixed bottom-4 left-4 right-4 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-lg bg-slate-900 p-4 text-white shadow-lg">
      <span>{t('update.available')}</span>
      <span className="flex gap-2">
        <button type="button" className="rounded bg-white px-3 py-1 text-slate-900" onClick={() => void updateServiceWorker(true)}>
          {t('update.reload')}
        </button>
        <button type="button" className="rounded px-3 py-1 underline" onClick={() => setNeedRefresh(false)}>
          {t('update.later')}
        </button>
      </span>
    </div>
  );
}
