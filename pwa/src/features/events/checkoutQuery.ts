// The events area's read of one of the member's registrations with what to pay, for
// /checkout?type=event. Beside queries.ts (whose key factory it uses) rather than in it: the
// landing page's first load carries queries.ts, and its budget has no room.
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client';
import type { Schemas } from '../../api/types';
import { eventKeys } from './queries';

/** GET /api/user/event-registrations/{id}: what the member pays for one of theirs (/checkout);
 * `amountDue` in CAD dollars, 0 for a free event. */
type EventCheckout = Schemas['EventCheckoutDto'];

/** One of the signed-in member's registrations with what to pay (/checkout?type=event). */
export function useMyEventCheckout(id: string, enabled: boolean) {
  return useQuery({
    queryKey: eventKeys.mineOne(id),
    queryFn: () => apiFetch<EventCheckout>(`/api/user/event-registrations/${encodeURIComponent(id)}`),
    enabled,
  });
}
