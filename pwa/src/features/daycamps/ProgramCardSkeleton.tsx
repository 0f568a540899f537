// A program card while the programs load: the card's frame with a grey block per line, each as
// tall as the line it stands for (text-sm, text-2xl, text-base, a description, text-3xl, the
// list of what is included, the button), so the page below keeps its place.
import { Skeleton } from '../../components/Skeleton';

export function ProgramCardSkeleton() {
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <Skeleton className="h-5 w-24" />
      <Skeleton className="mt-1 h-8 w-40" />
      <Skeleton className="mt-1 h-6 w-28" />
      <Skeleton className="mt-3 h-24" />
      <Skeleton className="mt-4 h-9 w-32" />
      <Skeleton className="mt-4 h-28 flex-1" />
      <Skeleton className="mt-6 h-11" />
    </li>
  );
}
