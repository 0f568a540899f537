// The API's shapes, generated from the committed contract api/openapi.json (the server's code
// writes it) into schema.d.ts by `npm run api-types` (run by `make` and `npm run build`). Features
// alias these instead of writing shapes by hand: a field renamed on one side only fails `tsc`.
import type { components } from './schema';

/** Every schema of the contract, by its name in api/openapi.json. */
export type Schemas = components['schemas'];

// The states the contract names (each an enum of api/openapi.json), one name each for the PWA.
// Nothing in src/ writes their members out as a union (features/boundaries.test.ts checks it).

/** A registration's payment state (court bookings and free registrations keep `pending`). */
export type PaymentStatus = Schemas['PaymentStatus'];
/** A registration's or a court booking's own state. */
export type RegistrationStatus = Schemas['RegistrationStatus'];
export type TournamentStatus = Schemas['TournamentStatus'];
export type MatchStatus = Schemas['MatchStatus'];
export type RoundType = Schemas['RoundType'];
/** A knockout match's place in the bracket ('QF1'…'SF2', 'F'). */
export type BracketCode = Schemas['BracketCode'];
/** What a pushed score entry did, as the server stores it and answers it. */
export type SyncOutcome = Schemas['SyncOutcome'];
/** A console grant. */
export type Role = Schemas['Role'];
/** A member's deletion request: open, then done (anonymised) or refused. */
export type DeletionStatus = Schemas['DeletionStatus'];
/** What retention erases or anonymises, each on its own day. */
export type RetentionKind = Schemas['RetentionKind'];
/** How an admin answers a deletion request. */
export type DeletionOutcome = Exclude<DeletionStatus, 'open'>;

/**
 * What a form sends as the request body `T`: the PWA's own field types `N`, each key a field of
 * `T` with a type that fits it (a renamed or retyped field fails `tsc`).
 */
export type Body<T, N extends { [K in keyof N]: K extends keyof T ? T[K] : never }> = N;
