// The day-camp form's values, as core and the server name their fields, and the request they
// become.
import type { DayCampRegistrationInput } from './mutations';

export type Values = {
  programId: string;
  /** The chosen week ids, comma-separated ('3,4'); named as core and the server name its errors. */
  weekId: string;
  childFirstName: string;
  childLastName: string;
  childBirthDate: string;
  childGender: string;
  canSwim: boolean;
  parentName: string;
  parentEmail: string;
  parentPhone: string;
  emergencyPhone: string;
  medicalConditions: string;
};

export const EMPTY: Values = {
  programId: '',
  weekId: '',
  childFirstName: '',
  childLastName: '',
  childBirthDate: '',
  childGender: '',
  canSwim: false,
  parentName: '',
  parentEmail: '',
  parentPhone: '',
  emergencyPhone: '',
  medicalConditions: '',
};

export const idsOf = (weekIds: string) => weekIds.split(',').filter(Boolean);

export function toInput({ weekId, ...values }: Values): DayCampRegistrationInput {
  return { ...values, weekIds: idsOf(weekId) };
}
