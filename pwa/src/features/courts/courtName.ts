// A court's name as a page writes it: the English name on English pages when the court has one,
// else its French name, else the catalogue's 'Terrain de volleyball'.
import { useTranslation } from 'react-i18next';

export type CourtNames = { name: string; nameEn: string };

export function courtNameIn(court: CourtNames | undefined, lang: string, fallback: string): string {
  const en = lang.startsWith('en') ? court?.nameEn.trim() : '';
  return en || court?.name.trim() || fallback;
}

/** A booking's court, by the names the booking carries. */
export function bookingCourt(booking: { courtName: string; courtNameEn: string }): CourtNames {
  return { name: booking.courtName, nameEn: booking.courtNameEn };
}

/** `courtNameIn` in the interface language. */
export function useCourtName(): (court: CourtNames | undefined) => string {
  const { t, i18n } = useTranslation('courts');
  return (court) => courtNameIn(court, i18n.language, t('court.defaultName'));
}
