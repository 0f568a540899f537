// The API's shapes, generated from the committed contract api/openapi.json (the server's code
// writes it) into schema.d.ts by `npm run api-types` (run by `make` and `npm run build`). Features
// alias these instead of writing shapes by hand: a field renamed on one side only fails `tsc`.
import type { components } from './schema';

/** Every schema of the contract, by its name in api/openapi.json. */
export type Schemas = components['schemas'];

/**
 * `T` with the fields of `N` narrowed (a status the server documents as text, given as the union
 * the PWA knows). Every key of `N` must be a field of `T` and fit its type, so a field renamed or
 * retyped on the server still fails `tsc`.
 */
export type Narrow<T, N extends { [K in keyof N]: K extends keyof T ? T[K] : never }> = Omit<T, keyof N> & N;

/**
 * What a form sends as the request body `T`: the PWA's own field types `N`, each key a field of
 * `T` with a type that fits it (a renamed or retyped field fails `tsc`).
 */
export type Body<T, N extends { [K in keyof N]: K extends keyof T ? T[K] : never }> = N;
