// A view shown whole once all its reads are in, so that nothing moves as each arrives. While one
// loads, its loading sentence; when one failed, an alert and a button that asks again, and the
// view is not drawn. Drawing it would loop: its parts read the same queries, a part mounting on a
// failed query asks again (a query with no data is stale), that read is loading once more, the
// view goes away, the read fails, the view comes back… a request after request to the server.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';

export interface Read {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export function AllRead({ reads, loadingLabel, children }: { reads: Read[]; loadingLabel: string; children: ReactNode }) {
  const { t } = useTranslation();
  const failed = reads.filter((read) => read.isError);
  if (failed.length > 0) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-red-800">
        <p>{t('readFailed.text')}</p>
        <Button variant="secondary" onClick={() => failed.forEach((read) => void read.refetch())}>
          {t('readFailed.retry')}
        </Button>
      </div>
    );
  }
  if (reads.some((read) => read.isPending)) {
    return (
      <p role="status" className="text-slate-700">
        {loadingLabel}
      </p>
    );
  }
  return <>{children}</>;
}
