import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { centre } from '../config';
import { centreYear } from '../lib/format';
import { useCurrentUser } from '../features/auth/session';

/** Quick links (the landing page's anchors for visitors, the member pages once signed in),
 *  the services, and the contact details. */
export function Footer() {
  const { t } = useTranslation();
  const { isSignedIn } = useCurrentUser();
  const year = centreYear(new Date());
  const quickLinks = isSignedIn
    ? [
        { to: '/', label: t('footer.links.home') },
        { to: '/events', label: t('footer.links.events') },
        { to: '/reservations', label: t('footer.links.reservations') },
        { to: '/my-registrations', label: t('footer.links.myRegistrations') },
        { to: '/confidentialite', label: t('footer.links.privacy') },
      ]
    : [
        { to: '/', label: t('footer.links.home') },
        { to: '/#services', label: t('footer.links.services') },
        { to: '/#events', label: t('footer.links.events') },
        { to: '/#about', label: t('footer.links.about') },
        { to: '/confidentialite', label: t('footer.links.privacy') },
      ];
  return (
    <footer className="bg-brand-800 text-brand-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="mb-2 font-semibold">
            {t('footer.quickLinks')}
          </h2>
          <ul className="space-y-1">
            {quickLinks.map(({ to, label }) => (
              <li key={to}>
                <Link to={to} className="underline-offset-2 hover:underline">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-2 font-semibold">{t('footer.services')}</h2>
          <ul className="space-y-1">
            <li>{t('footer.wakeriding')}</li>
            <li>
              <Link to="/reservations" className="underline-offset-2 hover:underline">
                {t('footer.volleyball')}
              </Link>
            </li>
            <li>
              <Link to="/day-camps" className="underline-offset-2 hover:underline">
                {t('footer.dayCamp')}
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="mb-2 font-semibold">{t('footer.contact')}</h2>
          <address className="not-italic">{centre.address}</address>
          <a href={`mailto:${centre.email}`} className="underline">
            {centre.email}
          </a>
        </div>
      </div>
      <p className="pb-6 text-center text-sm">{t('footer.rights', { year })}</p>
    </footer>
  );
}
