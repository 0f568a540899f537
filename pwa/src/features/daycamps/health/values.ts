// The health form (fiche santé) as the day-camp form holds it: one flat value per field, named
// as core names its errors ('allergies.0.what', 'emergencyContacts.1.phone', 'pickups.0.name'),
// so a field error from core-wasm or the server lands on its own input. Blank rows are dropped
// by core.

/** The consent text's version (`consent.text` in the locales): core refuses any other. */
export const CONSENT_VERSION = 'sante-2026-1';

export const MAX_ALLERGIES = 6;
export const MAX_CONTACTS = 2;
export const MAX_PICKUPS = 4;

type AllergyIndex = 0 | 1 | 2 | 3 | 4 | 5;
type ContactIndex = 0 | 1;
type PickupIndex = 0 | 1 | 2 | 3;
type PersonField = 'name' | 'relation' | 'phone';

export type HealthValues = { [K in `allergies.${AllergyIndex}.${'what' | 'severity'}`]: string } & {
  [K in `allergies.${AllergyIndex}.epinephrine`]: boolean;
} & { [K in `emergencyContacts.${ContactIndex}.${PersonField}`]: string } & {
  [K in `pickups.${PickupIndex}.${PersonField}`]: string;
} & {
  medication: string;
  /** The form's conditions; named as the API's older field, under which core reports them. */
  medicalConditions: string;
  canSwim: boolean;
  mayLeaveAlone: boolean;
  photoPermission: boolean;
  healthConsent: boolean;
};

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

export const EMPTY_HEALTH = Object.fromEntries([
  ...range(MAX_ALLERGIES).flatMap((i) => [
    [`allergies.${i}.what`, ''],
    [`allergies.${i}.severity`, ''],
    [`allergies.${i}.epinephrine`, false],
  ]),
  ...range(MAX_CONTACTS).flatMap((i) => ['name', 'relation', 'phone'].map((f) => [`emergencyContacts.${i}.${f}`, ''])),
  ...range(MAX_PICKUPS).flatMap((i) => ['name', 'relation', 'phone'].map((f) => [`pickups.${i}.${f}`, ''])),
  ['medication', ''],
  ['medicalConditions', ''],
  ['canSwim', false],
  ['mayLeaveAlone', false],
  ['photoPermission', false],
  ['healthConsent', false],
]) as HealthValues;

type Flat = Record<string, string | boolean>;
const text = (v: Flat, key: string) => String(v[key] ?? '');

function people(v: Flat, list: string, count: number) {
  return range(count).map((i) => ({
    name: text(v, `${list}.${i}.name`),
    relation: text(v, `${list}.${i}.relation`),
    phone: text(v, `${list}.${i}.phone`),
  }));
}

/** The API's `healthForm`, from the flat values. */
export function healthFormOf(values: HealthValues) {
  const v = values as unknown as Flat;
  return {
    allergies: range(MAX_ALLERGIES).map((i) => ({
      what: text(v, `allergies.${i}.what`),
      severity: text(v, `allergies.${i}.severity`),
      epinephrine: v[`allergies.${i}.epinephrine`] === true,
    })),
    medication: values.medication,
    conditions: values.medicalConditions,
    canSwim: values.canSwim,
    emergencyContacts: people(v, 'emergencyContacts', MAX_CONTACTS),
    pickups: people(v, 'pickups', MAX_PICKUPS),
    mayLeaveAlone: values.mayLeaveAlone,
    photoPermission: values.photoPermission,
  };
}

/** The consent part of a request. */
export function consentOf(values: HealthValues) {
  return { healthConsent: values.healthConsent, healthConsentVersion: CONSENT_VERSION };
}
