import { useId } from 'react';
import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A read-only 1-5 star display with its value announced. */
export function StarRating({ value, size = 'md', className }: { value: number; size?: 'sm' | 'md'; className?: string }) {
  const rounded = Math.round(Math.max(0, Math.min(5, value)));
  const iconClass = size === 'sm' ? 'h-3.5 w-3.5' : 'h-4 w-4';
  return (
    <span role="img" aria-label={`${rounded} out of 5 stars`} className={cn('inline-flex items-center gap-0.5', className)} data-testid="star-rating">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden className={cn(iconClass, n <= rounded ? 'fill-amber-400 text-amber-400' : 'fill-slate-200 text-slate-300')} />
      ))}
    </span>
  );
}

interface StarRatingInputProps {
  label: string;
  name: string;
  value: number;
  onChange: (value: number) => void;
  onBlur?: () => void;
  error?: string;
}

/** Five star radio buttons (keyboard: arrow keys), with the field's error under them. */
export function StarRatingInput({ label, name, value, onChange, onBlur, error }: StarRatingInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="group relative cursor-pointer rounded-md p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-ocean-600">
            <input
              type="radio"
              name={`${name}-${id}`}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              onBlur={onBlur}
              // Transparent and covering the star: a click on the star is a click on the radio itself.
              className="absolute inset-0 m-0 h-full w-full cursor-pointer appearance-none opacity-0"
              aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`}
            />
            <Star aria-hidden className={cn('h-8 w-8 transition-colors', n <= value ? 'fill-amber-400 text-amber-400' : 'fill-white text-slate-300 group-hover:text-amber-300')} />
          </label>
        ))}
        <span className="ml-2 text-sm text-slate-600">{value > 0 ? `${value}/5` : 'Not rated'}</span>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
