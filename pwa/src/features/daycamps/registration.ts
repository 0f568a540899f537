// The day-camp form's values, as core and the server name their fields, and the request they
// become.
import { consentOf, EMPTY_HEALTH, healthFormOf, type HealthValues } from './health/values';
import type { DayCampRegistrationInput } from './mutations';
import { EMPTY_PAYERS, payersOf, type PayerValues } from './payers/values';

export type Values = HealthValues & PayerValues & {
  programId: string;
  /** The chosen week ids, comma-separated ('3,4'); named as core and the server name its errors. */
  weekId: string;
  childFirstName: string;
  childLastName: string;
  childBirthDate: string;
  childGender: string;
  parentName: string;
  parentEmail: string;
  parentPhone: string;
};

export const EMPTY: Values = {
  ...EMPTY_HEALTH,
  ...EMPTY_PAYERS,
  programId: '',
  weekId: '',
  childFirstName: '',
  childLastName: '',
  childBirthDate: '',
  childGender: '',
  parentName: '',
  parentEmail: '',
  parentPhone: '',
};

export const idsOf = (weekIds: string) => weekIds.split(',').filter(Boolean);

export function toInput(values: Values): DayCampRegistrationInput {
  return {
    programId: values.programId,
    weekIds: idsOf(values.weekId),
    childFirstName: values.childFirstName,
    childLastName: values.childLastName,
    childBirthDate: values.childBirthDate,
    childGender: values.childGender,
    parentName: values.parentName,
    parentEmail: values.parentEmail,
    parentPhone: values.parentPhone,
    healthForm: healthFormOf(values),
    payers: payersOf(values),
    ...consentOf(values),
  };
}
