import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { coreMessage } from '../../core';
import { buttonClass } from '../../components/Button';
import { usePageMeta } from '../../components/usePageMeta';

export function NotFoundPage() {
  const { t, i18n } = useTranslation();
  usePageMeta(t('notFound.title'));
  // The explanation comes from the shared rules catalogue (core-wasm), the same text the
  // server sends for a missing resource.
  const [detail, setDetail] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    coreMessage('not_found', i18n.language).then(
      (text) => live && setDetail(text),
      () => live && setDetail(null),
    );
    return () => {
      live = false;
    };
  }, [i18n.language]);
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{t('notFound.title')}</h1>
      {detail && <p className="mt-4 text-slate-700" data-testid="not-found-detail">{detail}</p>}
      <Link to="/" className={buttonClass('primary', 'md', 'mt-8')}>
        {t('notFound.back')}
      </Link>
    </section>
  );
}
