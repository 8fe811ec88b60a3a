import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { ChevronDown } from 'lucide-react';
import { greetingFor, type SessionUser } from '@/hooks/useSession';

/** The signed-in person's button in the header: initial, greeting, chevron. */
export const UserMenuButton = forwardRef<HTMLButtonElement, { user: SessionUser } & ComponentPropsWithoutRef<'button'>>(function UserMenuButton({ user, ...props }, ref) {
  return (
    <button
      ref={ref}
      {...props}
      type="button"
      className="inline-flex items-center gap-2 rounded-xl border border-slate-200 bg-white py-1.5 pr-3 pl-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
    >
      <span className="bg-brand-gradient flex h-8 w-8 items-center justify-center rounded-lg text-sm font-bold text-white" aria-hidden>
        {(user.firstName || user.email).charAt(0).toUpperCase()}
      </span>
      <span className="max-w-44 truncate" data-testid="greeting">
        {greetingFor(user)}
      </span>
      <span className="sr-only">Account</span>
      <ChevronDown aria-hidden className="h-4 w-4 text-slate-500" />
    </button>
  );
});
