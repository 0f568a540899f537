// JSON shapes of centre-core-wasm. Every export takes JSON strings and returns a JSON string
// (no JsValue marshalling, to keep the .wasm small); parse the answer as `Envelope<T>`.
// `tests/types.rs` fails when a shape here and the Rust serialization drift apart.

export type Lang = "fr" | "en";
/** `2026-06-10T13:00:00Z` (any offset accepted on input; UTC with `Z` on output). */
export type IsoDateTime = string;
/** `2026-06-10`. */
export type IsoDate = string;
/** `09:00` or `09:00:00` on input; `09:00:00` on output. */
export type LocalTime = string;
/** A number, or a string holding one, as HTML inputs give it. */
export type NumberInput = number | string;

export interface Ok<T> {
  ok: true;
  value: T;
}

/** `code` is a catalogue code (`validation` for form errors, `malformed_json`, or a rule's code);
 * `message` its text in the requested language; per-field texts and codes for forms. */
export interface Failure {
  ok: false;
  code: string;
  message: string;
  fieldErrors: Record<string, string>;
  codes: Record<string, string>;
}

export type Envelope<T> = Ok<T> | Failure;

/** `catalogue(lang)`: every code with its text. */
export type Catalogue = Record<string, string>;

// ---- Forms -----------------------------------------------------------------------------------

export interface TeamRegistrationInput {
  teamName?: string | null;
  captainFirstName?: string | null;
  captainLastName?: string | null;
  captainEmail?: string | null;
  member2FirstName?: string | null;
  member2LastName?: string | null;
  member2Email?: string | null;
  member3FirstName?: string | null;
  member3LastName?: string | null;
  member3Email?: string | null;
  member4FirstName?: string | null;
  member4LastName?: string | null;
  member4Email?: string | null;
}

export interface Member {
  firstName: string;
  lastName: string;
  email: string;
}

export interface OptionalMember {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

export interface TeamRegistration {
  teamName: string | null;
  captain: Member;
  member2: Member;
  member3: OptionalMember;
  member4: OptionalMember;
}

export interface CourtBookingInput {
  courtId?: NumberInput | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  startTime?: IsoDateTime | null;
  endTime?: IsoDateTime | null;
  /** 1 to 12, default 6. */
  players?: NumberInput | null;
  comments?: string | null;
  ballRental?: boolean | null;
}

export interface CourtBooking {
  courtId: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  startTime: IsoDateTime;
  endTime: IsoDateTime;
  players: number;
  comments: string | null;
  ballRental: boolean;
}

export type Gender = "girl" | "boy" | "other";

export interface DayCampRegistrationInput {
  weekId?: string | null;
  weekIds?: string[] | null;
  childFirstName?: string | null;
  childLastName?: string | null;
  childBirthDate?: IsoDate | null;
  childGender?: string | null;
  parentName?: string | null;
  parentEmail?: string | null;
  parentPhone?: string | null;
  /** The first emergency contact's phone when `healthForm` leaves it out. */
  emergencyPhone?: string | null;
  /** The health form's conditions when it leaves them out. */
  medicalConditions?: string | null;
  canSwim?: boolean | null;
  healthForm?: HealthFormInput | null;
  /** The consent box for the health form: required, ticked. */
  healthConsent?: boolean | null;
  /** The consent text's version the page shows (`sante-2026-1`). */
  healthConsentVersion?: string | null;
  /** Who pays, for the RL-24: read and checked by the server only (not by this package). */
  payers?: PayerInput[] | null;
}

/** A payer for the RL-24 (server-checked: address, optional SIN, whole-percent share). */
export interface PayerInput {
  name?: string | null;
  street?: string | null;
  city?: string | null;
  province?: string | null;
  postalCode?: string | null;
  sin?: string | null;
  share?: number | null;
}

/** The day camp's health form (fiche santé), sent as `healthForm`. Blank rows are dropped;
 * errors name each field as the request does (`healthForm.allergies.0.what`,
 * `healthForm.emergencyContacts.0.phone`, `healthForm.pickups.1.name`, `healthForm.conditions`;
 * a registration's top-level `medicalConditions` and `emergencyPhone` keep their names). */
export interface HealthFormInput {
  allergies?: AllergyInput[] | null;
  medication?: string | null;
  conditions?: string | null;
  canSwim?: boolean | null;
  /** One or two; the first required. */
  emergencyContacts?: HealthPersonInput[] | null;
  /** Adults besides the parent who may pick the child up. */
  pickups?: HealthPersonInput[] | null;
  mayLeaveAlone?: boolean | null;
  photoPermission?: boolean | null;
}

/** The parent's change to a registration's health form: the form, consented to again. */
export interface HealthFormUpdateInput {
  healthForm?: HealthFormInput | null;
  healthConsent?: boolean | null;
  healthConsentVersion?: string | null;
}

export interface AllergyInput {
  what?: string | null;
  severity?: string | null;
  epinephrine?: boolean | null;
}

export interface HealthPersonInput {
  name?: string | null;
  relation?: string | null;
  phone?: string | null;
}

export type AllergySeverity = 'mild' | 'moderate' | 'severe';

export interface Allergy {
  what: string;
  severity: AllergySeverity;
  epinephrine: boolean;
}

export interface HealthPerson {
  name: string;
  relation: string;
  phone: string;
}

export interface HealthForm {
  allergies: Allergy[];
  medication: string | null;
  conditions: string | null;
  canSwim: boolean;
  emergencyContacts: HealthPerson[];
  pickups: HealthPerson[];
  mayLeaveAlone: boolean;
  photoPermission: boolean;
}

export interface DayCampRegistration {
  weekIds: string[];
  childFirstName: string;
  childLastName: string;
  childBirthDate: IsoDate;
  childGender: Gender | null;
  parentName: string;
  parentEmail: string;
  parentPhone: string;
  health: HealthForm;
}

/** The event categories (core's `EVENT_CATEGORIES`). */
export type EventCategory = "wakeride" | "volleyball" | "camping" | "formation";

export interface EventInput {
  title?: string | null;
  titleEn?: string | null;
  description?: string | null;
  descriptionEn?: string | null;
  /** One of core's `EVENT_CATEGORIES`. */
  categoryId?: EventCategory | null;
  location?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  price?: NumberInput | null;
  maxParticipants?: NumberInput | null;
  /** Hours a waiting-list offer holds a place (2 to 336); blank = 48. */
  offerHours?: NumberInput | null;
}

export interface EventForm {
  title: string;
  titleEn: string | null;
  description: string;
  descriptionEn: string | null;
  categoryId: string | null;
  location: string;
  startDate: IsoDateTime;
  endDate: IsoDateTime | null;
  priceCents: number;
  maxParticipants: number | null;
  offerHours: number | null;
  requiresPayment: boolean;
}

export interface TournamentConfigInput {
  courtsAvailable?: NumberInput | null;
  matchDurationMinutes?: NumberInput | null;
  breakBetweenMatches?: NumberInput | null;
  startTime?: string | null;
  poolCount?: NumberInput | null;
  /** A preset's id (`single`, `fivb-beach`, `rec-2x21`, `indoor-25`, `timed`) or a custom format. */
  poolFormat?: FormatInput | null;
  knockoutFormat?: FormatInput | null;
  /** Who enters the scores; absent keeps the tournament's (`staff` for a new one). */
  scoring?: Scoring | null;
  /** 1 to 1440 minutes; absent keeps the tournament's (10 for a new one). */
  confirmMinutes?: NumberInput | null;
  /** Whether matches get a work team; absent keeps the tournament's (`none` for a new one). */
  duty?: DutyMode | null;
}

export type Scoring = "staff" | "teams";
export type DutyMode = "none" | "teams";

/** One set: team 1's points, team 2's. */
export type SetScore = [number, number];

export interface SetsFormat {
  sets: number;
  playAll?: boolean;
  points: number;
  decidingPoints?: number | null;
  winByTwo?: boolean;
  cap?: number | null;
  timeLimitMinutes?: number | null;
}

export interface ResultPoints {
  win: number;
  closeWin: number;
  draw: number;
  closeLoss: number;
  loss: number;
  forfeit: number;
}

export type Criterion =
  | 'points'
  | 'wins'
  | 'set_ratio'
  | 'point_ratio'
  | 'point_difference'
  | 'points_for'
  | 'head_to_head'
  | 'team_name'
  | 'registration_order';

export interface Tiebreak {
  criterion: Criterion;
  scope: 'all' | 'tied';
}

export interface CustomFormat {
  sets?: SetsFormat | null;
  points?: ResultPoints | null;
  tiebreaks?: Tiebreak[] | null;
}

export type FormatInput = string | CustomFormat;

/** A format the console offers by name (centre-core's `Preset`). */
export type Preset = 'single' | 'fivb-beach' | 'rec-2x21' | 'indoor-25' | 'timed';

/** A phase's format, as the server answers it in a tournament (`poolFormat`, `knockoutFormat`). */
export interface MatchFormat {
  preset?: Preset | null;
  sets?: SetsFormat | null;
  points: ResultPoints;
  tiebreaks: Tiebreak[];
}

/** One of `presetFormats()`: a preset and the format it names. */
export interface PresetFormat {
  id: Preset;
  format: MatchFormat;
}

/** The formats of a tournament's two phases (absent: `single`). */
export interface Formats {
  pool?: MatchFormat;
  knockout?: MatchFormat;
}

export interface TournamentConfig {
  courtsAvailable: number;
  matchDurationMinutes: number;
  breakBetweenMatches: number;
  startTime: IsoDateTime | null;
  poolCount: number;
  /** `null`: not given. */
  scoring: Scoring | null;
  confirmMinutes: number | null;
  duty: DutyMode | null;
}

export interface ScoreInput {
  team1Score?: NumberInput | null;
  team2Score?: NumberInput | null;
  /** Where the phase has sets (pairs, team 1 first): the two scores are then the sets won. */
  sets?: number[][] | null;
}

export interface Score {
  team1Score: number;
  team2Score: number;
  /** Present when sets were given. */
  sets?: SetScore[];
}

/** `checkCampAge`: the child's age on the first day of each chosen week against a program. */
export interface CampWeek {
  startDate: IsoDate;
  endDate: IsoDate;
}

export interface CampAgeRequest {
  birthDate: IsoDate;
  programId: string;
  minAge: number;
  maxAge: number;
  weeks: CampWeek[];
}

// ---- Court slots -----------------------------------------------------------------------------

export interface DayHours {
  open: LocalTime;
  close: LocalTime;
}

export interface CourtHours {
  /** Seven entries, Monday first; `null` is a closed day. */
  openingHours: (DayHours | null)[];
  seasonStart: IsoDate;
  seasonEnd: IsoDate;
  /** Default 60. */
  slotMinutes?: number;
}

export interface Slot {
  /** Local `HH:MM`; twice the same on the day clocks fall back. */
  time: string;
  start: IsoDateTime;
  end: IsoDateTime;
  available: boolean;
}

/** Past days are `closed`. */
export type DayStatus = "available" | "partial" | "full" | "closed";

export interface DayAvailability {
  date: IsoDate;
  status: DayStatus;
  availableSlots: number;
  totalSlots: number;
}

/** Only "America/Toronto" (the default) is supported. */
export interface SlotsRequest {
  hours: CourtHours;
  date: IsoDate;
  now: IsoDateTime;
  timeZone?: string | null;
  booked?: IsoDateTime[];
}

export interface MonthRequest {
  hours: CourtHours;
  year: number;
  month: number;
  now: IsoDateTime;
  timeZone?: string | null;
  booked?: IsoDateTime[];
}

export interface CheckBookingRequest {
  hours: CourtHours;
  start: IsoDateTime;
  end: IsoDateTime;
  now: IsoDateTime;
  timeZone?: string | null;
  booked?: IsoDateTime[];
}

// ---- Tournaments -----------------------------------------------------------------------------

export type RoundType = "pool" | "quarterfinal" | "semifinal" | "final";
export type MatchStatus = "scheduled" | "in_progress" | "completed";
/** A knockout match's place in the bracket. */
export type BracketCode = "QF1" | "QF2" | "QF3" | "QF4" | "SF1" | "SF2" | "F";

export interface Team {
  id: number;
  name: string;
  /** Withdrawn after it played: ranked below every team still in. */
  withdrawn?: boolean;
}

export interface Match {
  id: number;
  roundType: RoundType;
  roundName?: string;
  /** Knockout matches only. */
  bracketCode?: BracketCode | null;
  status: MatchStatus;
  team1Id?: number | null;
  team2Id?: number | null;
  team1Score?: number | null;
  team2Score?: number | null;
  scheduledTime?: IsoDateTime | null;
  courtNumber?: number | null;
  forfeitSide?: number | null;
  /** Where the phase has sets; `team1Score`/`team2Score` are then the sets won. */
  sets?: SetScore[];
  /** A scorekeeper marked it started. */
  started?: boolean;
}

export interface Standing {
  position: number;
  teamId: number;
  teamName: string;
  tournamentPoints: number;
  played: number;
  wins: number;
  draws: number;
  losses: number;
  pointsFor: number;
  pointsAgainst: number;
  pointsDifferential: number;
  /** Where the format has sets. */
  setsWon?: number;
  setsLost?: number;
  /** `null`: none lost (FIVB's MAX). */
  setRatio?: number | null;
  pointRatio?: number | null;
  /** What separated this team from the next; `null` for the last. */
  decidedBy?: Criterion | null;
  /** Withdrawn after it played: listed last, never drawn into the bracket. */
  withdrawn?: boolean;
}

export interface ScheduleSettings {
  courtsAvailable: number;
  matchDurationMinutes: number;
  breakBetweenMatches: number;
  startTime: IsoDateTime;
}

export interface PlannedMatch {
  slotIndex: number;
  courtNumber: number;
  scheduledTime: IsoDateTime;
  roundType: RoundType;
  roundName: string;
  bracketCode: BracketCode | null;
  team1Id: number | null;
  team2Id: number | null;
  /** Bracket code whose winner plays here, while undecided (the page shows 'Vainqueur QF1'). */
  team1From: BracketCode | null;
  team2From: BracketCode | null;
  pool: number | null;
}

export interface TeamWait {
  teamId: number;
  slots: number;
  minutes: number;
}

export interface ScheduleQuality {
  slotsUsed: number;
  lowerBound: number;
  courtUsePercent: number;
  backToBack: number;
  longestWait: TeamWait[];
}

export interface PoolSchedule {
  matches: PlannedMatch[];
  quality: ScheduleQuality;
  nextSlotIndex: number;
  nextStart: IsoDateTime;
}

export interface StandingsRequest {
  matches: Match[];
  teams: Team[];
  /** The pool's format (absent: `single`). */
  format?: MatchFormat;
}

export interface ScheduleRequest {
  /** Team ids in registration order. */
  teams: number[];
  settings: ScheduleSettings;
}

export interface KnockoutRequest {
  standings: Standing[];
  settings: ScheduleSettings;
  /** The pool's `nextSlotIndex`. */
  firstSlotIndex: number;
}

export interface MatchesRequest {
  matches: Match[];
}

export interface ScoreEntry {
  entryId: string;
  matchId: number;
  team1Score: number;
  team2Score: number;
  enteredAt: IsoDateTime;
  deviceId?: string;
  /** The device's own numbering, 1, 2, 3… */
  seq?: number;
  /** The match's version when the device last saw it. */
  baseVersion?: number;
  /** The teams shown for the match when the score was entered (a knockout side may change). */
  team1Id?: number | null;
  team2Id?: number | null;
  /** Where the match's phase has sets. */
  sets?: SetScore[];
}

export interface PendingRequest {
  matches: Match[];
  /** In the device's order (its `seq`). */
  entries: ScoreEntry[];
  formats?: Formats;
}

export type EntryOutcomeName = 'applied' | 'duplicate' | 'conflict' | 'rejected';

export interface EntryOutcome {
  entryId: string;
  outcome: EntryOutcomeName;
  /** The catalogue code of a rejection; null otherwise. */
  code: string | null;
}

/** Matches refereed by the loser of an earlier knockout match (`loserOf`), and the results. */
export interface DutyRequest {
  matches: Match[];
  duties: { matchId: number; loserOf: BracketCode }[];
}

/** A match's work team; null while it is the loser of a match not final yet. */
export interface DutyTeam {
  matchId: number;
  teamId: number | null;
}

/** What the console offers on one match. */
export interface MatchActions {
  id: number;
  canScore: boolean;
  canCorrect: boolean;
}

/** Where a match's report stands (`proposed → confirmed | auto_confirmed | disputed → resolved`). */
export type ReportState = 'proposed' | 'confirmed' | 'auto_confirmed' | 'disputed' | 'resolved';
/** Who reports: a playing team, the match's work team, or an admin. */
export type Reporter = 'team1' | 'team2' | 'duty' | 'admin';

/** A match's report as the server last answered it: its state and standing version. */
export interface ReportSeen {
  state: ReportState;
  /** Who stands behind the standing version. */
  by: Reporter;
  team1Score: number;
  team2Score: number;
  sets?: [number, number][] | null;
  /** Required while proposed: when the proposal confirms itself. */
  deadline?: IsoDateTime | null;
}

/** One of this phone's waiting reports, team 1 first whoever reports. */
export interface ReportClaim {
  by: Reporter;
  team1Score: number;
  team2Score: number;
  sets?: [number, number][] | null;
  /** The reporting team concedes. */
  forfeit?: boolean | null;
  /** When it was entered (the device's clock). */
  at: IsoDateTime;
}

/** A match's report and this phone's waiting reports of it, in the device's order. */
export interface ReportRequest {
  /** Null: nothing reported yet. */
  report?: ReportSeen | null;
  entries: ReportClaim[];
  /** The competition's window, in minutes. */
  windowMinutes: number;
  now: IsoDateTime;
}

/** What one waiting report will do: the state it leaves, or the code it is refused with. */
export interface ReportOutcome {
  state: ReportState | null;
  code: string | null;
}

/** The report once the waiting reports are applied, as it stands at `now`. */
export interface ReportOutlook {
  /** Null: nothing reported. */
  state: ReportState | null;
  /** Whether the result is final: only then does it move standings and the bracket. */
  counts: boolean;
  /** While proposed: when the proposal confirms itself. */
  deadline: IsoDateTime | null;
  /** One per entry, in the given order. */
  outcomes: ReportOutcome[];
}

export interface Projection {
  matches: Match[];
  /** One per entry, in the given order. */
  outcomes: EntryOutcome[];
}

export type AttendanceAction = 'arrival' | 'departure' | 'absence';

/** Who took the child home. */
export type PickupKind = 'parent' | 'authorised' | 'alone' | 'other';

/** One of this phone's attendance entries for the child and day. */
export interface AttendanceEntry {
  entryId: string;
  action: AttendanceAction;
  at: IsoDateTime;
  /** A departure's: who took the child (a name for `authorised` and `other`). */
  pickupKind?: PickupKind | null;
  pickupName?: string | null;
}

/** A child's day as last read (the API's `ChildAttendanceDto`), with this phone's entries. */
export interface ChildDayRequest {
  /** The day shown, in the centre's time zone: a day of the child's week. */
  day: IsoDate;
  arrivedAt?: IsoDateTime | null;
  leftAt?: IsoDateTime | null;
  pickupKind?: PickupKind | null;
  pickupName?: string | null;
  absenceNotice: boolean;
  /** The read's 'Absent sans avis'. */
  absentWithoutNotice: boolean;
  /** The health form's pick-up adults, by name. */
  authorised: string[];
  mayLeaveAlone: boolean;
  /** The people an admin allowed for this child and day, by name. */
  overrides: string[];
  /** In the device's order (its `seq`). */
  entries: AttendanceEntry[];
  /** Absent: America/Toronto (the only zone supported). */
  timeZone?: string | null;
}

/** The child's day once this phone's entries are applied by the server's rule. */
export interface ChildDayProjection {
  arrivedAt: IsoDateTime | null;
  leftAt: IsoDateTime | null;
  pickupKind: PickupKind | null;
  pickupName: string | null;
  absenceNotice: boolean;
  /** The read's flag, lowered by an arrival or a notice. */
  absentWithoutNotice: boolean;
  /** One per entry, in the given order. */
  outcomes: EntryOutcome[];
}

// ---- The exports: [JSON argument(s), value of the Ok envelope] ---------------------------------
// The court slots (`api::court_slots`, `month`, `check_court_booking`) and the schedule planners
// (`schedule_pool`, `knockout`, `knockout_placeholder`) stay in the native facade, with their
// shapes above, but are not exported to the browser: the PWA never calls them (the server
// answers them), and they weighed about 34 KB of the gzipped `.wasm`.

/** `fn(input: string, lang: Lang): string` answering `Envelope<Value>`. */
export interface JsonCalls {
  validateTeamRegistration: [TeamRegistrationInput, TeamRegistration];
  validateEvent: [EventInput, EventForm];
  validateTournamentConfig: [TournamentConfigInput, TournamentConfig];
  validateScore: [ScoreInput, Score];
  standings: [StandingsRequest, Standing[]];
  applyPending: [PendingRequest, Projection];
  projectChildDay: [ChildDayRequest, ChildDayProjection];
  matchActions: [MatchesRequest, MatchActions[]];
  dutyTeams: [DutyRequest, DutyTeam[]];
  reportOutlook: [ReportRequest, ReportOutlook];
  validateHealthFormUpdate: [HealthFormUpdateInput, HealthForm];
  /** Fits: `null`. Otherwise a `Failure` with code `child_age_program` under `childBirthDate`. */
  checkCampAge: [CampAgeRequest, null];
}

/** `fn(input: string, today: IsoDate, lang: Lang): string` answering `Envelope<Value>`; `today`
 * is the centre's local date. */
export interface JsonCallsWithToday {
  validateCourtBooking: [CourtBookingInput, CourtBooking];
  validateDayCampRegistration: [DayCampRegistrationInput, DayCampRegistration];
}

/** Plain-text exports. */
export interface TextCalls {
  /** The catalogue text of `code` (the code itself when unknown). */
  message(code: string, lang: Lang): string;
  /** JSON `Catalogue`. */
  catalogue(lang: Lang): string;
  /** The raw id as typed; answers JSON `Envelope<string>` (the trimmed id). */
  validateUserId(userId: string, lang: Lang): string;
  /** The reservation page's full-name input split, the first word and the rest (a single word
   * is both): JSON `Envelope<[firstName, lastName]>`. */
  splitFullName(full: string): string;
  /** A stored payment state; answers the JSON array of the states an admin may move it to, in
   * the order offered (`[]` for an unknown state). */
  paymentMoves(status: string): string;
  /** The console's format presets in its order: JSON `PresetFormat[]`. */
  presetFormats(): string;
}
