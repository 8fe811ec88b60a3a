import { Check, X } from 'lucide-react';
import { cn } from '@/lib/cn';

export const passwordRules = [
  { label: 'At least 8 characters', test: (p: string) => p.length >= 8 },
  { label: 'One uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { label: 'One lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { label: 'One number', test: (p: string) => /\d/.test(p) },
  { label: 'One special character (@$!%*?&)', test: (p: string) => /[@$!%*?&]/.test(p) },
];

/** The live checklist under a new password (registration and reset share the rule of `strongPassword`). */
export function PasswordChecklist({ password, rules = passwordRules }: { password: string; rules?: typeof passwordRules }) {
  return (
    <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2" aria-label="Password requirements">
      {rules.map((rule) => {
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
