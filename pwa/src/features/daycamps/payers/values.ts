// Who pays, for the RL-24 (childcare expenses), as the day-camp form holds it: one flat value per
// field, named as the server names its errors ('payers.0.postalCode', 'payers.1.sin'), so a
// field error lands on its own input. The server checks them (core's `validate_payers`): the
// WASM package leaves them out to keep its size. One payer holds 100 %, two share 50/50.

/** The provinces and territories, Quebec first (core's `PROVINCES`). */
export const PROVINCES = ['QC', 'ON', 'NB', 'NS', 'PE', 'NL', 'MB', 'SK', 'AB', 'BC', 'YT', 'NT', 'NU'] as const;

export const PAYER_FIELDS = ['name', 'street', 'city', 'province', 'postalCode', 'sin'] as const;
type PayerField = (typeof PAYER_FIELDS)[number];
type PayerIndex = 0 | 1;

export type PayerValues = { [K in `payers.${PayerIndex}.${PayerField}`]: string } & {
  /** A second payer shares the fees 50/50. */
  secondPayer: boolean;
};

export const EMPTY_PAYERS = Object.fromEntries([
  ...[0, 1].flatMap((i) => PAYER_FIELDS.map((f) => [`payers.${i}.${f}`, f === 'province' ? 'QC' : ''])),
  ['secondPayer', false],
]) as PayerValues;

type Flat = Record<string, string | boolean>;

/** The API's `payers`, from the flat values: the first, and the second when asked for. */
export function payersOf(values: PayerValues) {
  const v = values as unknown as Flat;
  const payer = (i: number) => Object.fromEntries(PAYER_FIELDS.map((f) => [f, String(v[`payers.${i}.${f}`] ?? '')]));
  return values.secondPayer ? [payer(0), payer(1)] : [payer(0)];
}
