import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../components/usePageMeta';

/** A titled, clearly temporary page; each is replaced by the real page once it is built. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  usePageMeta(t(titleKey));
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">{t(titleKey)}</h1>
      <p className="mt-4 rounded border border-amber-300 bg-amber-50 p-4 text-amber-900">{t('placeholder.temporary')}</p>
    </section>
  );
}
