// The top navigation: logo to /; for a signed-in user Home, Events,
// Reservations, Admin for admins and Supervision for supervisors (the read-only console at
// /admin; the server checks the role again); the FR/EN switch; the user menu (avatar or icon,
// first name or 'account'; profile, my bookings, my data, privacy, logout); a login button for visitors; the
// links collapse into a menu on small screens. Sign-in and sign-out are full page navigations.
// An admin also gets the offline scoring status ('3 scores en attente'), its own lazy chunk; it
// only shows the state of the sync, which the app's root runs (src/sync/SyncRoot.tsx).
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, useRoles, type User } from '../features/auth/session';
import { loginHref } from './signIn';
import { useIdle } from '../lib/idle';

export const LOGOUT_PATH = '/api/logout';

const SyncStatus = lazy(() => import('../features/tournaments/sync/SyncStatus').then((m) => ({ default: m.SyncStatus })));

function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const next = i18n.language === 'en' ? 'fr' : 'en';
  return (
    <button
      type="button"
      className="min-h-11 min-w-11 shrink-0 rounded border border-brand-700 px-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
      aria-label={t('nav.switchToLabel')}
      lang={next}
      onClick={() => void i18n.changeLanguage(next)}
    >
      {next.toUpperCase()}
    </button>
  );
}

function UserIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 4-6 8-6s8 2 8 6" strokeLinecap="round" />
    </svg>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

/** The user menu's pages, before the sign-out: path and label key. */
const MENU_LINKS = [
  ['/profile', 'nav.profile'],
  ['/my-registrations', 'nav.myBookings'],
  ['/mes-donnees', 'nav.myData'],
  ['/confidentialite', 'nav.privacy'],
] as const;

/** The account button and its menu (WAI-ARIA menu button: arrows, Home/End, Escape, Tab). */
function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemsRef = useRef<(HTMLAnchorElement | null)[]>([]);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const label = user.firstName?.trim() || t('nav.account');

  useEffect(() => {
    if (!open) return;
    itemsRef.current[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = itemsRef.current.filter((item): item is HTMLAnchorElement => !!item);
    const index = items.indexOf(document.activeElement as HTMLAnchorElement);
    const focus = (i: number) => items[(i + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focus(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focus(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focus(0);
        break;
      case 'End':
        event.preventDefault();
        focus(items.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  const itemClass = 'block px-4 py-2 text-sm text-slate-800 hover:bg-brand-50 focus:bg-brand-50 focus:outline-none';
  return (
    <div ref={wrapperRef} className="relative min-w-0">
      <button
        ref={buttonRef}
        type="button"
        className="flex min-h-11 max-w-full items-center gap-2 rounded-full pl-1 pr-3 text-sm font-semibold text-slate-800 hover:bg-slate-100"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`${t('nav.accountMenu')} : ${label}`}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {user.profileImageUrl ? (
          <img src={user.profileImageUrl} alt="" width={28} height={28} className="h-7 w-7 shrink-0 rounded-full object-cover" referrerPolicy="no-referrer" />
        ) : (
          <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-800">
            <UserIcon />
          </span>
        )}
        {/* Cut with an ellipsis when the row is short of room; the button's name says it all. */}
        <span className="min-w-0 max-w-[8rem] truncate" data-testid="user-menu-name" title={label}>
          {label}
        </span>
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-label={t('nav.accountMenu')}
          className="absolute right-0 z-50 mt-2 w-52 rounded-md border border-slate-200 bg-white py-1 shadow-lg"
          onKeyDown={onMenuKey}
        >
          {MENU_LINKS.map(([to, key], index) => (
            <li role="none" key={to}>
              <Link
                ref={(el) => {
                  itemsRef.current[index] = el;
                }}
                role="menuitem"
                tabIndex={-1}
                to={to}
                className={itemClass}
                onClick={() => close(false)}
              >
                {t(key)}
              </Link>
            </li>
          ))}
          <li role="none">
            {/* A full page navigation: the server ends the session (and the provider's). */}
            <a
              ref={(el) => {
                itemsRef.current[MENU_LINKS.length] = el;
              }}
              role="menuitem"
              tabIndex={-1}
              href={LOGOUT_PATH}
              className={itemClass}
            >
              {t('nav.logout')}
            </a>
          </li>
        </ul>
      )}
    </div>
  );
}

export function SiteHeader() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const { user, isAdmin, isSupervisor, isCampStaff, isLoading } = useRoles();
  // No network and nothing kept: a sign-in button could not work.
  const { isOffline } = useCurrentUser();
  // The sync badge (and its offline store) once the page has settled: not part of the first screen.
  const idle = useIdle();
  const [menuOpen, setMenuOpen] = useState(false);
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `flex min-h-11 items-center whitespace-nowrap rounded px-2 hover:underline ${isActive ? 'font-semibold text-brand-800' : 'text-slate-800'}`;
  const closeMenu = () => setMenuOpen(false);
  const returnTo = `${location.pathname}${location.search}${location.hash}`;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      {/* One row of a fixed height at every width, whoever is signed in: nothing wraps (the
          site's short name below lg, the first name cut with an ellipsis), so the page below
          never moves when the sign-in state or the name arrives. */}
      <div className="group mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:gap-4">
        <Link to="/" className="flex min-h-11 shrink-0 items-center gap-2 whitespace-nowrap font-bold text-brand-800">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span aria-hidden="true" className="group-has-[[data-sync-status]_a]:max-sm:hidden lg:hidden">
            {t('siteNameShort')}
          </span>
          <span className="sr-only lg:not-sr-only">{t('siteName')}</span>
        </Link>
        <nav
          aria-label={t('nav.mainNavigation')}
          className="flex min-w-0 flex-1 items-center justify-end gap-1 sm:gap-3"
          onKeyDown={(event) => {
            if (event.key === 'Escape' && menuOpen) closeMenu();
          }}
        >
          {user && (
            <>
              <button
                type="button"
                className="flex h-11 w-11 shrink-0 items-center justify-center rounded text-slate-800 hover:bg-slate-100 md:hidden"
                aria-expanded={menuOpen}
                aria-controls="main-menu"
                aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
                onClick={() => setMenuOpen((open) => !open)}
              >
                <MenuIcon open={menuOpen} />
              </button>
              <ul
                id="main-menu"
                className={`${menuOpen ? 'flex' : 'hidden'} absolute left-0 right-0 top-full flex-col gap-2 border-b border-slate-200 bg-white p-4 shadow md:static md:flex md:flex-row md:border-0 md:p-0 md:shadow-none`}
              >
                <li>
                  <NavLink to="/" end className={linkClass} onClick={closeMenu}>
                    {t('nav.home')}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/events" className={linkClass} onClick={closeMenu}>
                    {t('nav.events')}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/reservations" className={linkClass} onClick={closeMenu}>
                    {t('nav.reservations')}
                  </NavLink>
                </li>
                {isCampStaff && (
                  <li>
                    <NavLink to="/animation" className={linkClass} onClick={closeMenu}>
                      {t('nav.campStaff')}
                    </NavLink>
                  </li>
                )}
                {(isAdmin || isSupervisor) && (
                  <li>
                    <NavLink to="/admin" className={linkClass} onClick={closeMenu}>
                      {t(isAdmin ? 'nav.admin' : 'nav.supervision')}
                    </NavLink>
                  </li>
                )}
              </ul>
            </>
          )}
          {isAdmin && idle && (
            // Its badge may wrap to two lines in its pill, and the site's short name gives way to
            // it on a phone: the row keeps its height and width.
            <div className="flex min-w-0" data-sync-status>
              <Suspense fallback={null}>
                <SyncStatus />
              </Suspense>
            </div>
          )}
          {user ? (
            <UserMenu user={user} />
          ) : (
            !isLoading &&
            !isOffline && (
              // A full page navigation: sign-in happens on the server and the provider.
              <a
                href={loginHref(returnTo, i18n.language)}
                className="inline-flex min-h-11 shrink-0 items-center rounded bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800"
              >
                {t('nav.login')}
              </a>
            )
          )}
          {/* Last, at the right edge: it stays put when the sign-in state arrives. */}
          <LanguageSwitch />
        </nav>
      </div>
    </header>
  );
}
