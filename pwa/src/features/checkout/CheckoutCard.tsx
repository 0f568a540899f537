// The cards of /checkout (the summary, the Interac steps, the contact): a section named by its
// heading.
import type { ReactNode } from 'react';

export function CheckoutCard({ id, title, className, children }: { id: string; title: string; className: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
