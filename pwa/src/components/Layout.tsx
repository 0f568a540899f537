import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Footer } from './Footer';
import { SiteHeader } from './SiteHeader';
import { UpdatePrompt } from './UpdatePrompt';

export function Layout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
        {t('skipToContent')}
      </a>
      <SiteHeader />
      {/* At least a screen tall: the footer starts below the fold, so a lazy page or its data
          arriving never pushes it while it is in view (layout shift). */}
      <main id="main" className="min-h-[100svh] flex-1" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <UpdatePrompt />
    </div>
  );
}
