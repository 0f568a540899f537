// What an event says, computed the same way on every page: the landing page's cards (which load
// without the query library) and the events pages. The reads are in queries.ts.
import type { Event } from './queries';

/** The title and description in the interface language: English when there is one. */
export function localizedEvent(event: Event, lang: string) {
  return {
    title: eventTitle(event, lang),
    description: (lang.startsWith('en') && event.descriptionEn) || event.description,
  };
}

/** An event's title in the interface language (any event's shape: public or the console's). */
export function eventTitle(event: { title: string; titleEn?: string | null }, lang: string): string {
  return (lang.startsWith('en') && event.titleEn?.trim()) || event.title;
}

/** True when the event has a maximum and it is reached (places held by waiting-list offers
 * count: they are nobody else's). */
export function isFull(event: Event): boolean {
  return event.maxParticipants !== null && event.currentParticipants + (event.heldPlaces ?? 0) >= event.maxParticipants;
}

/** Places left, or null when the event has no maximum. */
export function placesLeft(event: Event): number | null {
  return event.maxParticipants === null ? null : Math.max(0, event.maxParticipants - event.currentParticipants - (event.heldPlaces ?? 0));
}
