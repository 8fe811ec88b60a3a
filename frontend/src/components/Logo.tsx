import { Link } from 'react-router-dom';
import { cn } from '@/lib/cn';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden className={cn('h-9 w-9', className)}>
      <defs>
        <linearGradient id="rr-logo" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f97316" />
          <stop offset="1" stopColor="#2563eb" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#rr-logo)" />
      <path d="M14 27h5v10h-5zM45 27h5v10h-5zM19 23h5v18h-5zM40 23h5v18h-5zM24 30h16v4H24z" fill="#fff" />
    </svg>
  );
}

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Link to="/" className="inline-flex items-center gap-2.5 rounded-lg" aria-label="RepRoute home">
      <LogoMark />
      <span className={cn('font-display text-xl font-extrabold tracking-tight', inverted ? 'text-white' : 'text-slate-900')}>
        Rep<span className={inverted ? 'text-brand-400' : 'text-brand-600'}>Route</span>
      </span>
    </Link>
  );
}
