// The colour and the shape of each day's availability, in the calendar and its legend.
import type { DayStatus } from './queries';

export const dayClass: Record<DayStatus, string> = {
  available: 'border-green-700 bg-green-50 text-green-950 hover:bg-green-100',
  partial: 'border-amber-600 bg-amber-50 text-amber-950 hover:bg-amber-100',
  full: 'border-red-700 bg-red-50 text-red-950 hover:bg-red-100',
  closed: 'border-slate-200 bg-slate-50 text-slate-400',
};

/** A shape as well as a colour, so the legend does not rely on colour alone. */
export const marker: Record<DayStatus, string> = { available: '●', partial: '◐', full: '○', closed: '×' };
