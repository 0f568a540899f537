// The only importer of core-wasm. The module loads lazily, off the landing page's critical
// path, once; every caller awaits the same promise.
import type {
  AttendanceAction as CoreAttendanceAction,
  ChildDayProjection,
  ChildDayRequest,
  Envelope as CoreEnvelope,
  CourtBookingInput,
  DayCampRegistrationInput,
  DutyRequest,
  DutyTeam,
  EntryOutcomeName,
  EventInput,
  HealthFormUpdateInput,
  Match as CoreMatch,
  MatchActions,
  MatchesRequest,
  MatchStatus as CoreMatchStatus,
  PendingRequest,
  PickupKind as CorePickupKind,
  Preset as CorePreset,
  PresetFormat,
  Projection,
  ReportOutlook,
  ReportRequest,
  ReportState as CoreReportState,
  RoundType as CoreRoundType,
  Score,
  ScoreInput,
  Standing as CoreStanding,
  StandingsRequest,
  TeamRegistrationInput,
  TournamentConfigInput,
} from '../../../core-wasm/types';
import type { MatchStatus, PaymentStatus, RoundType, Schemas, SyncOutcome } from '../api/types';

/** The loaded module: what `loadCore()` gives, and what the synchronous wrappers below read. */
export type CoreModule = typeof import('./pkg/centre_core_wasm.js');

let loading: Promise<CoreModule> | null = null;
let loaded: CoreModule | null = null;

export function loadCore(): Promise<CoreModule> {
  if (!loading) {
    loading = import('./pkg/centre_core_wasm.js').then(async (mod) => {
      await mod.default();
      loaded = mod;
      return mod;
    });
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/** The module once loaded (by `loadCore()` or `loadCoreFromBytes()`), null before: what
 * `useCore()` (./useCore.ts) starts from. */
export function loadedCore(): CoreModule | null {
  return loaded;
}

/** The catalogue message for an error code, in the given language. */
export async function coreMessage(code: string, lang: string): Promise<string> {
  const core = await loadCore();
  return core.message(code, lang);
}

/** Translated messages per field, as the server would send them in a 422; empty when valid. */
export type FieldMessages = Record<string, string>;

/** core-wasm's answer: `{ok: true, value}` or `{ok: false, code, message, fieldErrors}`. */
interface Envelope {
  ok: boolean;
  message?: string;
  fieldErrors?: Record<string, string>;
}

/** The field messages of a validation answer; a refusal without fields lands on `_`. */
function parseMessages(json: string): FieldMessages {
  const answer = JSON.parse(json) as Envelope;
  if (answer.ok) return {};
  if (answer.fieldErrors && Object.keys(answer.fieldErrors).length > 0) return answer.fieldErrors;
  return { _: answer.message ?? '' };
}

/** The team registration form, checked by centre-core (the server's own rules). */
export async function validateTeamRegistration(values: TeamRegistrationInput, lang: string): Promise<FieldMessages> {
  const core = await loadCore();
  return parseMessages(core.validateTeamRegistration(JSON.stringify(values), lang));
}

/** The event form (create and edit), checked by centre-core. */
export async function validateEvent(values: EventInput, lang: string): Promise<FieldMessages> {
  const core = await loadCore();
  return parseMessages(core.validateEvent(JSON.stringify(values), lang));
}

/** Field messages and their catalogue codes (`missing_fields`, `email_invalid`, …). */
export interface CheckedForm {
  messages: FieldMessages;
  codes: Record<string, string>;
}

/**
 * The court booking form (the body of POST /api/courts/book), checked by
 * centre-core as the server checks it. `today` is the centre's date, 'YYYY-MM-DD'.
 */
export async function validateCourtBooking(values: CourtBookingInput, today: string, lang: string): Promise<CheckedForm> {
  const core = await loadCore();
  const json = core.validateCourtBooking(JSON.stringify(values), today, lang);
  const answer = JSON.parse(json) as Envelope & { codes?: Record<string, string> };
  return { messages: parseMessages(json), codes: answer.ok ? {} : (answer.codes ?? {}) };
}

/** The reservation page's full name split: `[firstName, lastName]`, the first word and the rest (a single word is both). */
export async function splitFullName(full: string): Promise<[string, string]> {
  const core = await loadCore();
  const answer = JSON.parse(core.splitFullName(full)) as { ok: boolean; value?: [string, string] };
  return answer.value ?? [full, full];
}

/**
 * The user id typed into the Administrateurs or Superviseurs tab (trimmed, not blank), checked by
 * centre-core: the translated message per field, empty when valid.
 */
export async function validateUserId(userId: string, lang: string): Promise<Record<string, string>> {
  const core = await loadCore();
  const answer = JSON.parse(core.validateUserId(userId, lang)) as { ok: boolean; fieldErrors?: Record<string, string> };
  return answer.ok ? {} : (answer.fieldErrors ?? {});
}

/**
 * The day-camp form (the body of POST /api/day-camp-registrations, with
 * `weekIds`), checked by centre-core as the server checks it. `today`: the centre's date.
 */
export async function validateDayCampRegistration(values: DayCampRegistrationInput, today: string, lang: string): Promise<FieldMessages> {
  const core = await loadCore();
  return parseMessages(core.validateDayCampRegistration(JSON.stringify(values), today, lang));
}

/** A parent's change to a day-camp registration's health form, consented to again. */
export async function validateHealthFormUpdate(values: HealthFormUpdateInput, lang: string): Promise<FieldMessages> {
  const core = await loadCore();
  return parseMessages(core.validateHealthFormUpdate(JSON.stringify(values), lang));
}

/** What `checkCampAge` needs: the child, the program's ages and the chosen weeks. */
export interface CampAgeRequest {
  birthDate: string;
  programId: string;
  minAge: number;
  maxAge: number;
  weeks: { startDate: string; endDate: string }[];
}

/**
 * The child's age on the first day of each chosen week against the program (centre-core's rule,
 * the server's message): `{}` when it fits, else the message under `childBirthDate`.
 */
export async function checkCampAge(request: CampAgeRequest, lang: string): Promise<FieldMessages> {
  const core = await loadCore();
  return parseMessages(core.checkCampAge(JSON.stringify(request), lang));
}

/**
 * The tournament configuration (courts, match length, break, start time and
 * the pool count), checked by centre-core as the server checks it; a blank number is valid (the
 * default is used).
 */
export async function validateTournamentConfig(values: TournamentConfigInput, lang: string): Promise<FieldMessages> {
  const core = await loadCore();
  return parseMessages(core.validateTournamentConfig(JSON.stringify(values), lang));
}

/** The score dialog: both scores required, whole numbers from 0. */
export async function validateScore(values: ScoreInput, lang: string): Promise<FieldMessages> {
  const core = await loadCore();
  return parseMessages(core.validateScore(JSON.stringify(values), lang));
}

/** A score as centre-core reads it (with sets, the two scores are the sets each side won), or null with the messages. */
export interface ReadScore {
  score: Score | null;
  messages: FieldMessages;
}

/**
 * `validateScore` on the loaded module, at once (the score dialog as it is typed): two whole
 * numbers from 0, or the sets (each side's sets won counted by centre-core). Says nothing of
 * the match's format: `applyPendingNow` on the match does.
 */
export function readScore(core: CoreModule, values: ScoreInput, lang: string): ReadScore {
  const json = core.validateScore(JSON.stringify(values), lang);
  const answer = JSON.parse(json) as CoreEnvelope<Score>;
  return answer.ok ? { score: answer.value, messages: {} } : { score: null, messages: parseMessages(json) };
}

/** A match as centre-core reads it, and what it answers for waiting score entries (core-wasm/types.d.ts). */
export type {
  Match as CoreMatch,
  SetScore,
  MatchActions,
  ScoreEntry as CoreScoreEntry,
  PendingRequest,
  Projection,
  EntryOutcome,
  StandingsRequest,
  Standing as CoreStanding,
  PresetFormat,
  ChildDayRequest,
  ChildDayProjection,
  AttendanceEntry as CoreAttendanceEntry,
  ReportOutlook,
  ReportRequest,
} from '../../../core-wasm/types';

/** The value of an `Ok` envelope; a refusal is a bug here (the requests are built, not typed). */
function valueOf<T>(json: string): T {
  const answer = JSON.parse(json) as CoreEnvelope<T>;
  if (!answer.ok) throw new Error(`${answer.code}: ${answer.message}`);
  return answer.value;
}

/**
 * What this phone's waiting score entries do, in their order, with the server's own merge rule:
 * the matches with the applied scores and the bracket advanced, and each entry's
 * outcome (`applied`, `duplicate`, `conflict`, `rejected` with its code).
 */
export async function applyPending(request: PendingRequest, lang: string): Promise<Projection> {
  return applyPendingNow(await loadCore(), request, lang);
}

/** `applyPending` on the loaded module, at once (a dry run while a score is typed). */
export function applyPendingNow(core: CoreModule, request: PendingRequest, lang: string): Projection {
  return valueOf<Projection>(core.applyPending(JSON.stringify(request), lang));
}

/**
 * A child's day with this phone's attendance entries applied, in their order, by the server's
 * own rule: the day as it will be, and what each entry will do. On the loaded module, at once
 * (the counsellor's day is drawn from it).
 */
export function projectChildDay(core: CoreModule, request: ChildDayRequest, lang: string): ChildDayProjection {
  return valueOf<ChildDayProjection>(core.projectChildDay(JSON.stringify(request), lang));
}

/** The catalogue message for an error code, on the loaded module. */
export function messageNow(core: CoreModule, code: string, lang: string): string {
  return core.message(code, lang);
}

/** One pool's standings from its matches and teams (the rule the server ranks with). */
export async function computeStandings(request: StandingsRequest, lang: string): Promise<CoreStanding[]> {
  const core = await loadCore();
  return valueOf<CoreStanding[]>(core.standings(JSON.stringify(request), lang));
}

/**
 * A match as core-wasm reads it, with its sets as the API answers them (`number[][]` in the
 * contract, pairs in fact): the same JSON.
 */
export type MatchInput = Omit<CoreMatch, 'sets'> & { sets?: readonly (readonly number[])[] };

/**
 * What the console offers on each of `matches` (scoring a match not completed whose teams are
 * known; correcting a completed pool match while the bracket is not drawn, which core decides
 * from the list): by match id. One call for the whole list, the one the console shows.
 */
export function matchActions(core: CoreModule, matches: MatchInput[], lang: string): ReadonlyMap<number, MatchActions> {
  const request = { matches } as MatchesRequest;
  const actions = valueOf<MatchActions[]>(core.matchActions(JSON.stringify(request), lang));
  return new Map(actions.map((action) => [action.id, action]));
}

/**
 * The work team of each match in `duties` with the results of `matches`: a knockout match's is
 * the loser of an earlier one once that match is final (null before), as the server fills it in.
 */
export function dutyTeams(core: CoreModule, request: DutyRequest, lang: string): ReadonlyMap<number, number | null> {
  const teams = valueOf<DutyTeam[]>(core.dutyTeams(JSON.stringify(request), lang));
  return new Map(teams.map((duty) => [duty.matchId, duty.teamId]));
}

/**
 * What this phone's waiting reports of a match will do (propose, confirm, dispute, or the code
 * they are refused with) and where the report stands now, a proposal past its deadline having
 * confirmed itself: core's report rule, the server's. On the loaded module, at once.
 */
export function reportOutlook(core: CoreModule, request: ReportRequest, lang: string): ReportOutlook {
  return valueOf<ReportOutlook>(core.reportOutlook(JSON.stringify(request), lang));
}

/** The console's format presets in its order, each with the format it names. */
export function presetFormats(core: CoreModule): PresetFormat[] {
  return JSON.parse(core.presetFormats()) as PresetFormat[];
}

/** The states an admin may move a registration to from `status`, in the order offered. */
export function paymentMoves(core: CoreModule, status: PaymentStatus): PaymentStatus[] {
  return JSON.parse(core.paymentMoves(status)) as PaymentStatus[];
}

/** For tests under Node: compiles core-wasm from the .wasm file's bytes instead of fetching it. */
export async function loadCoreFromBytes(bytes: BufferSource): Promise<void> {
  const mod = await import('./pkg/centre_core_wasm.js');
  mod.initSync({ module: bytes });
  loaded = mod;
  loading = Promise.resolve(mod);
}

/** True when `A` and `B` are the same type. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Every check in the list holds (`true & false` would be `never`, which passes silently). */
type Assert<T extends true[]> = T;

/**
 * core-wasm's input types (core-wasm/types.d.ts) are the API contract's: the same Rust types of
 * centre-core, read by the server's JSON and by the wasm. `tsc` fails when one drifts.
 */
export type InputsAreTheContract = Assert<
  [
    Same<TeamRegistrationInput, Schemas['TeamRegistrationInput']>,
    Same<EventInput, Schemas['EventInput']>,
    Same<CourtBookingInput, Schemas['CourtBookingInput']>,
    Same<DayCampRegistrationInput, Schemas['DayCampRegistrationInput']>,
    Same<HealthFormUpdateInput, Schemas['HealthFormUpdateInput']>,
    Same<TournamentConfigInput, Schemas['TournamentConfigInput']>,
    Same<ScoreInput, Schemas['ScoreInput']>,
  ]
>;

/** The states core-wasm reads and answers are the contract's enums; `tsc` fails when one drifts. */
export type StatesAreTheContract = Assert<
  [
    Same<CoreRoundType, RoundType>,
    Same<CoreMatchStatus, MatchStatus>,
    Same<EntryOutcomeName, SyncOutcome>,
    Same<CorePreset, Schemas['Preset']>,
    Same<CoreAttendanceAction, Schemas['AttendanceAction']>,
    Same<CorePickupKind, Schemas['PickupKind']>,
    Same<CoreReportState, Schemas['ReportState']>,
  ]
>;
