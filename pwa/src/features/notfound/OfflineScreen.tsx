// What a page shows when it cannot load for want of a network and nothing was kept on this
// device for it (the console opened offline before its Tournois tab was ever opened with the
// network): say so, never the not-found screen or a sign-in that cannot work.
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { usePageMeta } from '../../components/usePageMeta';

export function OfflineScreen() {
  const { t } = useTranslation();
  usePageMeta(t('offline.title'));
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center" data-testid="offline-screen">
      <h1 className="text-3xl font-bold">{t('offline.title')}</h1>
      <p className="mt-4 text-slate-700">{t('offline.text')}</p>
      <Button variant="primary" className="mt-8" onClick={() => window.location.reload()}>
        {t('offline.retry')}
      </Button>
    </section>
  );
}
