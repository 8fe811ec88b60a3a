import { Check, X } from 'lucide-react';
import { passwordRequirements } from '@reproute/contracts';
import { cn } from '@/lib/cn';

/** The checklist's lines are the server's rule itself (`passwordRequirements` in contracts), so a fully ticked list is never refused. */
export const passwordRules = passwordRequirements.map(({ label, pattern }) => ({ label, test: (p: string) => pattern.test(p) }));

/** The live checklist under a new password (registration, provider registration and reset share the rule of `strongPassword`). */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2" aria-label="Password requirements">
      {passwordRules.map((rule) => {
        const ok = rule.test(password);
        return (
          <li key={rule.label} className={cn('flex items-center gap-1.5', ok ? 'text-emerald-700' : 'text-slate-600')}>
            {ok ? <Check aria-hidden className="h-4 w-4" /> : <X aria-hidden className="h-4 w-4 text-slate-400" />}
            <span>{rule.label}</span>
            <span className="sr-only">{ok ? '(met)' : '(not met)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
