/** A spinner with its text, for a part of a page that is loading. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-24 text-slate-700">
      <span aria-hidden="true" className="h-8 w-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" />
      <span>{label}</span>
    </div>
  );
}
