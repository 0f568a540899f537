import { useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Footer } from './Footer';
import { UpdatePrompt } from './UpdatePrompt';

function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const next = i18n.language === 'en' ? 'fr' : 'en';
  return (
    <button
      type="button"
      className="rounded border border-brand-700 px-2 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-50"
      aria-label={t('nav.switchToLabel')}
      lang={next}
      onClick={() => void i18n.changeLanguage(next)}
    >
      {next.toUpperCase()}
    </button>
  );
}

export function Layout() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
        {t('skipToContent')}
      </a>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <Link to="/" className="flex items-center gap-2 font-bold text-brand-800">
            <img src="/favicon.svg" alt="" width={32} height={32} />
            <span>{t('siteName')}</span>
          </Link>
          <nav aria-label={t('nav.mainNavigation')} className="flex items-center gap-3">
            <button
              type="button"
              className="rounded px-2 py-1 md:hidden"
              aria-expanded={menuOpen}
              aria-controls="main-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              {t('nav.menu')}
            </button>
            <ul id="main-menu" className={`${menuOpen ? 'flex' : 'hidden'} absolute left-0 right-0 top-full flex-col gap-2 border-b border-slate-200 bg-white p-4 md:static md:flex md:flex-row md:border-0 md:p-0`}>
              <li><NavLink to="/events" className="px-2 py-1 hover:underline" onClick={() => setMenuOpen(false)}>{t('nav.events')}</NavLink></li>
              <li><NavLink to="/reservations" className="px-2 py-1 hover:underline" onClick={() => setMenuOpen(false)}>{t('nav.reservations')}</NavLink></li>
              <li><NavLink to="/day-camps" className="px-2 py-1 hover:underline" onClick={() => setMenuOpen(false)}>{t('nav.dayCamps')}</NavLink></li>
            </ul>
            <LanguageSwitch />
            <a href="/api/login" className="rounded bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800">
              {t('nav.login')}
            </a>
          </nav>
        </div>
      </header>
      <main id="main" className="flex-1" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <UpdatePrompt />
    </div>
  );
}
