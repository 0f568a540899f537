// The tables of the Paiements tab: a caption, column headers, and a wrapper that scrolls
// sideways on a phone, which keyboard users can reach (it is focusable and named). The column
// that names the row (`sticky`: its index) stays in view while the others scroll under it.
import type { ReactNode } from 'react';

export function Table({
  caption,
  headers,
  children,
  testId,
  sticky,
}: {
  caption: string;
  headers: ReactNode[];
  children: ReactNode;
  testId?: string;
  sticky?: number;
}) {
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="mt-3 overflow-x-auto rounded-lg border border-slate-200 focus:outline-2 focus:outline-brand-700">
      <table className="w-full border-collapse text-left text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr className="border-b border-slate-300">
            {headers.map((header, i) => (
              <th key={i} scope="col" className={`px-3 py-2 font-semibold whitespace-nowrap ${i === sticky ? `${stickyCell} bg-slate-50` : ''}`}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export const cell = 'px-3 py-2 align-top';
export const amountCell = 'px-3 py-2 align-top text-right tabular-nums whitespace-nowrap';
/** The naming column's cell, with its row's background (white unless told): held at the left
 *  edge, a thin line marking where the scrolled columns pass under it. */
export const stickyCell = 'sticky left-0 z-10 min-w-[7rem] max-w-[11rem] shadow-[1px_0_0_var(--color-slate-200)]';
export const stickyNameCell = `${cell} ${stickyCell} bg-white font-semibold [overflow-wrap:anywhere]`;
