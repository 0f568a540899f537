// A visitor action that needs sign-in: the 'Non autorisé' / 'Unauthorized' toast, then the full
// page navigation to /api/login.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../features/auth/session';
import { toast, toastViewReady } from './toast';

/** Long enough to read the toast (title and message) before the page changes, counted once it shows. */
const LOGIN_REDIRECT_DELAY_MS = 1500;

/** A sign-in link that comes back to `returnTo` and keeps the interface language. */
export function loginHref(returnTo: string, lang: string): string {
  const params = new URLSearchParams();
  if (returnTo && returnTo !== '/' && returnTo.startsWith('/') && !returnTo.startsWith('//')) params.set('returnTo', returnTo);
  params.set('lang', lang === 'en' ? 'en' : 'fr');
  return `/api/login?${params.toString()}`;
}

/** Signs in and comes back to the page the visitor is on, in the interface language. */
export function goToLogin(lang: string) {
  const { pathname, search } = window.location;
  window.location.assign(loginHref(`${pathname}${search}`, lang));
}

/**
 * Returns `gate(action)`: runs `action` for a signed-in member; for a visitor (or while the
 * sign-in status is unknown) shows the Unauthorized toast and goes to the sign-in page.
 */
export function useSignInGate() {
  const { t, i18n } = useTranslation();
  const { isSignedIn } = useCurrentUser();
  return useCallback(
    (action?: () => void) => {
      if (isSignedIn) {
        action?.();
        return;
      }
      toast({ variant: 'error', title: t('auth.unauthorized.title'), description: t('auth.unauthorized.message') });
      // The toast's view is a lazy chunk: leave only once it can be on screen.
      const lang = i18n.language;
      const leave = () => window.setTimeout(() => goToLogin(lang), LOGIN_REDIRECT_DELAY_MS);
      toastViewReady().then(leave, leave);
    },
    [isSignedIn, t, i18n],
  );
}
