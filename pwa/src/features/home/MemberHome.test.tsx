import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderPage, serve } from '../../test/render';
import type { MyDayCampRegistration } from '../daycamps/queries';
import type { UserRegistration } from '../registrations/queries';
import { homeRegistrations } from './homeRegistrations';
import { MemberHome } from './MemberHome';

const me = { id: 'me-1', firstName: 'Sophie', lastName: 'Gagnon', email: 'sophie@example.org', emailVerified: true, profileImageUrl: null, createdAt: '2025-06-02T15:00:00Z' };

const event = (id: number, title: string, startDate: string, featured = false) => ({
  id,
  title,
  titleEn: `${title} (en)`,
  description: 'd',
  descriptionEn: null,
  categoryId: 'volleyball',
  location: 'La Pêche',
  startDate,
  endDate: null,
  price: 25,
  maxParticipants: 48,
  currentParticipants: 8,
  isActive: true,
  createdAt: '2026-01-01T12:00:00Z',
  requiresPayment: false,
  featured,
});

const registration = (
  id: number,
  title: string,
  status: UserRegistration['status'],
  paymentStatus: UserRegistration['paymentStatus'],
  isPast = false,
): UserRegistration => ({
  id,
  eventId: id,
  eventTitle: title,
  eventTitleEn: null,
  eventStartDate: '2099-07-11T13:00:00Z',
  teamName: 'Les Huards',
  teamNumber: 1,
  status,
  paymentStatus,
  registrationDate: '2026-01-02T12:00:00Z',
  isPast,
});

type Week = MyDayCampRegistration['weeks'][number];
const week = (id: number, startDate: string, endDate: string): Week => ({ id, label: `week${id}`, startDate, endDate });

const camp = (id: number, child: string, paymentStatus: MyDayCampRegistration['paymentStatus'], weeks: Week[]): MyDayCampRegistration => ({
  id,
  programId: 'explorateurs',
  programName: 'Explorateurs',
  childFirstName: child,
  childLastName: 'Gagnon',
  childBirthDate: '2092-05-01',
  parentName: 'Sophie Gagnon',
  parentEmail: 'sophie@example.org',
  amountPaid: 240,
  paymentStatus,
  paymentReference: `CJ-${id}`,
  interacEmail: 'info@example.org',
  createdAt: '2026-01-02T12:00:00Z',
  weeks,
});

const summer = [week(2, '2099-07-13', '2099-07-17'), week(3, '2099-07-20', '2099-07-24')];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function home(routes: Record<string, unknown>) {
  serve({ '/api/auth/user': me, '/api/user/tournament-data': [], '/api/events': [], '/api/user/registrations': [], '/api/user/day-camp-registrations': [], ...routes });
  await renderPage(<MemberHome user={me} />);
  await screen.findByRole('heading', { level: 1, name: 'Bienvenue, Sophie !' });
}

/** The lines of 'Mes inscriptions' and the number the stats card gives. */
function listAndCount() {
  const card = screen.getByRole('heading', { name: 'Mes inscriptions' }).closest('section') as HTMLElement;
  const lines = within(card).queryAllByRole('listitem').map((li) => li.querySelector('p')?.textContent ?? '');
  return { lines, count: Number(screen.getByTestId('stats-registrations').textContent) };
}

describe("the member home's registrations", () => {
  it('counts what it lists: a team and a child in day camp are two, a released registration is neither', async () => {
    await home({
      '/api/user/registrations': [
        registration(1, 'Tournoi 4x4', 'confirmed', 'pending'),
        registration(2, 'Camping au lac', 'cancelled', 'expired'),
      ],
      '/api/user/day-camp-registrations': [camp(7, 'Léo', 'pending', summer), camp(8, 'Zoé', 'refunded', [])],
    });
    // Written out by hand: the team, then the child; not the expired team, not the refunded child.
    expect(listAndCount()).toEqual({ lines: ['Tournoi 4x4', 'Camp de jour : Léo Gagnon'], count: 2 });
    expect(screen.getByText('Explorateurs · 2 semaines dès le 13 juillet 2099')).toBeTruthy();
  });

  it('shows the first three and counts them all', async () => {
    await home({
      '/api/user/registrations': [
        registration(1, 'Tournoi 4x4', 'confirmed', 'paid'),
        registration(2, 'Coupe du lac', 'confirmed', 'pending'),
        registration(3, 'Formation', 'confirmed', 'pending', true),
      ],
      '/api/user/day-camp-registrations': [camp(7, 'Léo', 'paid', summer)],
    });
    // Events to come, then the camp to come, then what is over (not shown: three lines at most).
    expect(listAndCount()).toEqual({ lines: ['Tournoi 4x4', 'Coupe du lac', 'Camp de jour : Léo Gagnon'], count: 4 });
  });

  it('says none, and counts 0, when every registration was released', async () => {
    await home({
      '/api/user/registrations': [registration(2, 'Camping au lac', 'cancelled', 'refunded')],
      '/api/user/day-camp-registrations': [camp(8, 'Zoé', 'expired', [])],
    });
    expect(listAndCount()).toEqual({ lines: [], count: 0 });
    expect(screen.getByText("Vous n'avez aucune inscription pour le moment.")).toBeTruthy();
  });

  it('puts camps that are over after those to come', () => {
    const over = camp(5, 'Ana', 'paid', [week(1, '2026-07-06', '2026-07-10')]);
    const coming = camp(6, 'Léo', 'paid', summer);
    const order = homeRegistrations([registration(3, 'Formation', 'confirmed', 'paid', true)], [over, coming], '2026-11-27');
    expect(order.map((item) => item.id)).toEqual(['camp-6', 'event-3', 'camp-5']);
  });
});

describe("the member home's promo card", () => {
  it('shows the featured event with its date in the centre time zone, and links to it', async () => {
    await home({
      '/api/events': [event(5, 'Formation', '2099-07-01T22:00:00Z'), event(1, 'Tournoi de volleyball de plage 4x4', '2099-07-11T13:00:00Z', true)],
    });
    const promo = screen.getByTestId('home-promo');
    expect(within(promo).getByRole('heading', { name: 'Tournoi de volleyball de plage 4x4' })).toBeTruthy();
    expect(within(promo).getByText('À la une')).toBeTruthy();
    // 13:00 UTC is 9:00 in Toronto in July (EDT).
    expect(within(promo).getByText('Le 11 juillet 2099 à 09:00')).toBeTruthy();
    expect(within(promo).getByRole('link', { name: "Voir l'événement" }).getAttribute('href')).toBe('/event/1');
    expect(screen.queryByText(/24 août/)).toBeNull();
  });

  it('shows no card when no event to come is featured', async () => {
    // GET /api/events lists events from today on: a featured event that is over is not there.
    await home({ '/api/events': [event(5, 'Formation', '2099-07-01T22:00:00Z')] });
    expect(screen.queryByTestId('home-promo')).toBeNull();
    expect(screen.queryByText('À la une')).toBeNull();
  });
});
