import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { useSignInGate } from '../../components/signIn';
import { isFull } from './model';
import type { Event } from './queries';
import { RegistrationDialog } from './RegistrationDialog';

/** 'Rejoindre la liste d'attente' on a full event, nothing otherwise: asks to sign in first,
 * then opens the team form as the waiting list's. The events page's cards and the event page
 * both show it. */
export function JoinWaitlistButton({ event, describedBy }: { event: Event; describedBy?: string }) {
  const { t } = useTranslation('events');
  const gate = useSignInGate();
  const [open, setOpen] = useState(false);
  if (!isFull(event)) return null;
  return (
    <>
      <Button onClick={() => gate(() => setOpen(true))} aria-describedby={describedBy}>
        {t('card.joinWaitlist')}
      </Button>
      <RegistrationDialog event={open ? event : null} waitlist onClose={() => setOpen(false)} />
    </>
  );
}
