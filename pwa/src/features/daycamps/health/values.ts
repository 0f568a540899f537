// The health form (fiche santé) as the day-camp form holds it: one flat value per field, named
// as the request names it and so as core and the server name its errors
// ('healthForm.allergies.0.what', 'healthForm.emergencyContacts.1.phone', 'healthForm.conditions'),
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

/** Where the request puts the form, and so the prefix of its fields' names. */
export const H = 'healthForm.';

export type HealthValues = { [K in `healthForm.allergies.${AllergyIndex}.${'what' | 'severity'}`]: string } & {
  [K in `healthForm.allergies.${AllergyIndex}.epinephrine`]: boolean;
} & { [K in `healthForm.emergencyContacts.${ContactIndex}.${PersonField}`]: string } & {
  [K in `healthForm.pickups.${PickupIndex}.${PersonField}`]: string;
} & {
  'healthForm.medication': string;
  'healthForm.conditions': string;
  canSwim: boolean;
  mayLeaveAlone: boolean;
  photoPermission: boolean;
  healthConsent: boolean;
};

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

export const EMPTY_HEALTH = Object.fromEntries([
  ...range(MAX_ALLERGIES).flatMap((i) => [
    [`${H}allergies.${i}.what`, ''],
    [`${H}allergies.${i}.severity`, ''],
    [`${H}allergies.${i}.epinephrine`, false],
  ]),
  ...range(MAX_CONTACTS).flatMap((i) => ['name', 'relation', 'phone'].map((f) => [`${H}emergencyContacts.${i}.${f}`, ''])),
  ...range(MAX_PICKUPS).flatMap((i) => ['name', 'relation', 'phone'].map((f) => [`${H}pickups.${i}.${f}`, ''])),
  [`${H}medication`, ''],
  [`${H}conditions`, ''],
  ['canSwim', false],
  ['mayLeaveAlone', false],
  ['photoPermission', false],
  ['healthConsent', false],
]) as HealthValues;

type Flat = Record<string, string | boolean>;
const text = (v: Flat, key: string) => String(v[key] ?? '');

function people(v: Flat, list: string, count: number) {
  return range(count).map((i) => ({
    name: text(v, `${H}${list}.${i}.name`),
    relation: text(v, `${H}${list}.${i}.relation`),
    phone: text(v, `${H}${list}.${i}.phone`),
  }));
}

/** The API's `healthForm`, from the flat values. */
export function healthFormOf(values: HealthValues) {
  const v = values as unknown as Flat;
  return {
    allergies: range(MAX_ALLERGIES).map((i) => ({
      what: text(v, `${H}allergies.${i}.what`),
      severity: text(v, `${H}allergies.${i}.severity`),
      epinephrine: v[`${H}allergies.${i}.epinephrine`] === true,
    })),
    medication: values['healthForm.medication'],
    conditions: values['healthForm.conditions'],
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

type StoredPerson = { name: string; relation: string; phone: string };
type StoredForm = {
  allergies: { what: string; severity: string; epinephrine: boolean }[];
  medication?: string | null;
  conditions?: string | null;
  canSwim: boolean;
  emergencyContacts: StoredPerson[];
  pickups: StoredPerson[];
  mayLeaveAlone: boolean;
  photoPermission: boolean;
};

/** The flat values of a stored form (the consent box left unticked: it is given again). */
export function healthValuesOf(form: StoredForm | null | undefined): HealthValues {
  const v: Flat = { ...(EMPTY_HEALTH as unknown as Flat) };
  if (!form) return v as unknown as HealthValues;
  form.allergies.slice(0, MAX_ALLERGIES).forEach((a, i) => {
    v[`${H}allergies.${i}.what`] = a.what;
    v[`${H}allergies.${i}.severity`] = a.severity;
    v[`${H}allergies.${i}.epinephrine`] = a.epinephrine;
  });
  const put = (list: string, people: StoredPerson[], max: number) =>
    people.slice(0, max).forEach((p, i) => {
      v[`${H}${list}.${i}.name`] = p.name;
      v[`${H}${list}.${i}.relation`] = p.relation;
      v[`${H}${list}.${i}.phone`] = p.phone;
    });
  put('emergencyContacts', form.emergencyContacts, MAX_CONTACTS);
  put('pickups', form.pickups, MAX_PICKUPS);
  v[`${H}medication`] = form.medication ?? '';
  v[`${H}conditions`] = form.conditions ?? '';
  v.canSwim = form.canSwim;
  v.mayLeaveAlone = form.mayLeaveAlone;
  v.photoPermission = form.photoPermission;
  return v as unknown as HealthValues;
}
