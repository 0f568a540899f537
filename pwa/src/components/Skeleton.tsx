// A grey block standing in for what is loading, of the final size so that the page
// keeps its layout when the data arrives: either given its height (`h-7` for a `text-lg` line)
// or holding the very text it stands for, invisible (a sentence wraps as it will). Hidden from
// assistive technologies: the status around it says what is loading.
import type { ReactNode } from 'react';

interface SkeletonProps {
  className?: string;
  /** Laid out like the text it stands for, but not shown. */
  children?: ReactNode;
  /** Inline-block, in place of an inline-block (a link styled as a button). */
  inline?: boolean;
}

export function Skeleton({ className = '', children, inline = false }: SkeletonProps) {
  // Grey unless the caller gives its own background (on a dark banner).
  const background = /(^|\s)bg-/.test(className) ? '' : 'bg-slate-200';
  return (
    <span aria-hidden="true" className={`${inline ? 'inline-block' : 'block'} rounded ${background} motion-safe:animate-pulse ${className}`}>
      {children !== undefined && <span className="invisible">{children}</span>}
    </span>
  );
}
