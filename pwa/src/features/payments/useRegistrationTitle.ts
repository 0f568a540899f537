import { useTranslation } from 'react-i18next';
import type { RegistrationKind } from './queries';

/** What a registration is for: the event's title, or the camp program's translated name (the
 * server sends its id, 'explorateurs'). */
export function useRegistrationTitle() {
  const { t } = useTranslation('daycamps');
  return (kind: RegistrationKind, title: string) => (kind === 'camp' ? t(`programs.${title}.name`, { defaultValue: title }) : title);
}
