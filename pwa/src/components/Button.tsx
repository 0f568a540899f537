import type { ButtonHTMLAttributes } from 'react';

type ButtonVariant = 'primary' | 'secondary' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex min-h-11 items-center justify-center rounded font-semibold disabled:cursor-not-allowed';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-500',
  secondary: 'border border-slate-400 text-slate-900 hover:bg-slate-100 disabled:opacity-50',
  danger: 'border border-red-700 text-red-800 hover:bg-red-50 disabled:opacity-50',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-4 py-2',
  lg: 'min-h-12 px-6 py-3 text-lg',
};

/** The classes of a button, for a link that looks like one. */
export function buttonClass(variant: ButtonVariant = 'secondary', size: ButtonSize = 'md', extra = ''): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** primary: the page's or dialog's main action; secondary: cancel, edit, the others; danger: delete, cancel a booking. */
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** The centre's button: a tap target at least 44 px high, in one of three looks. `type` is 'button' unless given. */
export function Button({ variant = 'secondary', size = 'md', className = '', type = 'button', ...rest }: ButtonProps) {
  return <button {...rest} type={type} className={buttonClass(variant, size, className)} />;
}
