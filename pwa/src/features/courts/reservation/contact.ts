// The contact part of a court booking: its values, where core's and the server's field errors
// are shown on the page.
import type { User } from '../../auth/session';

export const DEFAULT_PLAYERS = '6';

export type ContactValues = {
  fullName: string;
  phone: string;
  email: string;
  players: string;
  comments: string;
  ballRental: boolean;
};

export function contactOf(user: User | null): ContactValues {
  const fullName = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return { fullName, phone: '', email: user?.email ?? '', players: DEFAULT_PLAYERS, comments: '', ballRental: false };
}

/** Where a field error from core or the server is shown on this page. */
export const fieldOf: Record<string, keyof ContactValues | 'slot'> = {
  firstName: 'fullName',
  lastName: 'fullName',
  email: 'email',
  phone: 'phone',
  players: 'players',
  comments: 'comments',
  courtId: 'slot',
  startTime: 'slot',
  endTime: 'slot',
  _: 'slot',
};
