import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';
import { FieldError, inputClass } from '@/components/ui/Field';
import { cn } from '@/lib/cn';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

/** A labelled native select (best on phones and for screen readers) with its error under it. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField({ label, error, hint, className, id, children, ...props }, ref) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const errorId = `${selectId}-error`;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <select
          ref={ref}
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(inputClass, 'appearance-none pr-10')}
          {...props}
        >
          {children}
        </select>
        <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-slate-500" />
      </div>
      {hint}
      <FieldError id={errorId} message={error} />
    </div>
  );
});

/** A filter's select (the lead inbox's status, the admin hotel table's): "all" first, as the empty value, then one option per value. */
export function FilterSelect<T extends string>({ label, allLabel, values, labels, value, onChange }: {
  label: string;
  allLabel: string;
  values: readonly T[];
  labels: Record<T, string>;
  value: T | null;
  /** The value chosen, null for "all". */
  onChange: (value: T | null) => void;
}) {
  return (
    <SelectField label={label} value={value ?? ''} onChange={(event) => onChange((event.target.value as T) || null)}>
      <option value="">{allLabel}</option>
      {values.map((choice) => (
        <option key={choice} value={choice}>
          {labels[choice]}
        </option>
      ))}
    </SelectField>
  );
}

/** A titled group of form fields. */
export function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="border-t border-slate-200 pt-6 first:border-t-0 first:pt-0">
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-4 grid gap-5 sm:grid-cols-2">{children}</div>
    </section>
  );
}
