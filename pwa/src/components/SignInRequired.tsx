// What a visitor sees where a page or a card needs a signed-in member: 'Connexion requise', the
// caller's sentence saying what signing in gives, and 'Se connecter', which comes back here
// (or to `returnTo`) in the same language. `page` is a page of its own (an h1, centred), `card`
// a framed block inside a page (an h2).
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginHref } from './signIn';

interface SignInRequiredProps {
  /** The translated sentence: what signing in shows or allows here. */
  text: string;
  /** A translated title in place of 'Connexion requise'. */
  title?: string;
  variant?: 'page' | 'card';
  /** Where the sign-in comes back to; the current page by default. */
  returnTo?: string;
}

export function SignInRequired({ text, title, variant = 'page', returnTo }: SignInRequiredProps) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const href = loginHref(returnTo ?? `${location.pathname}${location.search}`, i18n.language);
  const heading = title ?? t('signInRequired.title');
  const page = variant === 'page';
  return (
    <section className={page ? 'mx-auto max-w-xl px-4 py-16 text-center' : 'mt-8 rounded-xl border border-slate-200 p-6 text-center'}>
      {page ? <h1 className="text-3xl font-bold">{heading}</h1> : <h2 className="text-xl font-semibold">{heading}</h2>}
      <p className={`${page ? 'mt-3' : 'mt-2'} text-slate-700`}>{text}</p>
      <a href={href} className={`${page ? 'mt-6' : 'mt-4'} inline-block rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800`}>
        {t('signInRequired.login')}
      </a>
    </section>
  );
}
