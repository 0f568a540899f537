import { beforeAll, describe, expect, it } from 'vitest';
import type { BracketCode } from '../../api/types';
import i18n from '../../i18n';
import { bracketName, dutyName, matchState, poolLetter, roundName, sideName, winnerName, type Translate } from './rounds';
import type { KnockoutRound } from './schedule';
import { match } from './testFixtures';

let fr: Translate;
let en: Translate;

beforeAll(async () => {
  await i18n.loadLanguages('en');
  await i18n.loadNamespaces('tournaments');
  fr = i18n.getFixedT('fr', 'tournaments');
  en = i18n.getFixedT('en', 'tournaments');
});

describe('pool letters', () => {
  it('names 0-based pools A, B, C, D', () => {
    expect([0, 1, 2, 3].map(poolLetter)).toEqual(['A', 'B', 'C', 'D']);
  });
});

describe('round names come from the translations, never from the server roundName', () => {
  it('names pool rounds with the pool only when there are pools', () => {
    const m = match({ pool: 0, round: 3, roundName: 'Ronde du serveur' });
    expect(roundName(m, 1, fr)).toBe('Ronde 3');
    expect(roundName(m, 2, fr)).toBe('Poule A - Ronde 3');
    expect(roundName(match({ pool: 1, round: 2 }), 2, fr)).toBe('Poule B - Ronde 2');
    expect(roundName(match({ pool: 1, round: 2 }), 2, en)).toBe('Pool B - Round 2');
  });

  it('names knockout matches from their bracket code', () => {
    const ko = (bracketCode: BracketCode, roundType: KnockoutRound) =>
      match({ roundType, bracketCode, pool: null, round: null, roundName: 'X' });
    expect(roundName(ko('QF1', 'quarterfinal'), 2, fr)).toBe('Quart de finale 1');
    expect(roundName(ko('QF4', 'quarterfinal'), 1, fr)).toBe('Quart de finale 4');
    expect(roundName(ko('SF2', 'semifinal'), 1, fr)).toBe('Demi-finale 2');
    expect(roundName(ko('F', 'final'), 1, fr)).toBe('Finale');
    expect(roundName(ko('SF1', 'semifinal'), 1, en)).toBe('Semifinal 1');
    expect(roundName(ko('F', 'final'), 1, en)).toBe('Final');
    expect(bracketName('QF2', en)).toBe('Quarterfinal 2');
    expect(roundName(match({ roundType: 'semifinal', bracketCode: null, pool: null, round: null }), 1, fr)).toBe('Demi-finale');
  });

  it("names a side by its team, else 'Gagnant de QF1', else 'À déterminer'", () => {
    const m = match({ roundType: 'semifinal', team1Id: null, team1Name: null, team1From: 'QF1', team2Id: null, team2Name: null });
    expect(sideName(m, 1, fr)).toBe('Gagnant de QF1');
    expect(sideName(m, 1, en)).toBe('Winner of QF1');
    expect(sideName(m, 2, fr)).toBe('À déterminer');
    expect(sideName(match(), 2, fr)).toBe('Les Castors');
  });
});

describe("a match's public badge", () => {
  it("is 'En cours' while in progress, 'À venir' while scheduled, the score once completed", () => {
    expect(matchState(match({ status: 'in_progress' }))).toBe('inProgress');
    expect(matchState(match({ status: 'scheduled' }))).toBe('upcoming');
    expect(matchState(match({ status: 'completed', team1Score: 21, team2Score: 15 }))).toBe('completed');
    expect(fr('public.inProgress')).toBe('En cours');
    expect(fr('public.upcoming')).toBe('À venir');
  });

  it('names the winner of a completed match only', () => {
    expect(winnerName(match({ status: 'completed', winnerId: 12 }))).toBe('Les Castors');
    expect(winnerName(match({ status: 'scheduled', winnerId: 12 }))).toBeNull();
  });

  it("names a match's work team, 'Perdant SF1' while that loser is to come, and none without one", () => {
    expect(dutyName(match({ dutyTeamId: 14, dutyTeamName: 'Les Loutres' }), fr)).toBe('Les Loutres');
    expect(dutyName(match({ dutyFrom: 'Perdant SF1', dutyFromCode: 'SF1' }), fr)).toBe('Perdant SF1');
    // The page's own language, whatever the answer kept offline was asked in.
    expect(dutyName(match({ dutyFrom: 'Perdant SF1', dutyFromCode: 'SF1' }), en)).toBe('Loser SF1');
    expect(dutyName(match({}), fr)).toBeNull();
  });
});
