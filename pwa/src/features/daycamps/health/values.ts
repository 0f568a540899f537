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
    v[`allergies.${i}.what`] = a.what;
    v[`allergies.${i}.severity`] = a.severity;
    v[`allergies.${i}.epinephrine`] = a.epinephrine;
  });
  const put = (list: string, people: StoredPerson[], max: number) =>
    people.slice(0, max).forEach((p, i) => {
      v[`${list}.${i}.name`] = p.name;
      v[`${list}.${i}.relation`] = p.relation;
      v[`${list}.${i}.phone`] = p.phone;
    });
  put('emergencyContacts', form.emergencyContacts, MAX_CONTACTS);
  put('pickups', form.pickups, MAX_PICKUPS);
  v.medication = form.medication ?? '';
  v.medicalConditions = form.conditions ?? '';
  v.canSwim = form.canSwim;
  v.mayLeaveAlone = form.mayLeaveAlone;
  v.photoPermission = form.photoPermission;
  return v as unknown as HealthValues;
}
