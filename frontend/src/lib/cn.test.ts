import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('joins conditional classes like clsx', () => {
    const hidden = false;
    expect(cn('a', hidden && 'b', null, undefined, ['c', { d: true, e: false }])).toBe('a c d');
  });

  it('lets a later utility of the same kind win', () => {
    expect(cn('mx-auto w-full max-w-7xl px-4', 'max-w-4xl py-10')).toBe('mx-auto w-full px-4 max-w-4xl py-10');
    expect(cn('h-10 w-10 rounded-full shadow-md', 'w-full rounded-xl shadow-none')).toBe('h-10 w-full rounded-xl shadow-none');
    expect(cn('bg-white text-slate-700', 'bg-red-600/90 text-white')).toBe('bg-red-600/90 text-white');
  });

  it('keeps utilities that only share a prefix', () => {
    expect(cn('text-sm text-slate-700 text-center', 'text-white')).toBe('text-sm text-center text-white');
    expect(cn('border border-slate-300', 'border-red-500')).toBe('border border-red-500');
    expect(cn('ring-2 ring-brand-500', 'ring-ocean-500/40')).toBe('ring-2 ring-ocean-500/40');
    expect(cn('font-bold font-display', 'font-semibold')).toBe('font-display font-semibold');
    expect(cn('flex flex-col', 'flex-row')).toBe('flex flex-row');
  });

  it('lets a wider utility replace the narrower ones before it, not after it', () => {
    expect(cn('px-2 py-1', 'p-4')).toBe('p-4');
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2');
    expect(cn('leading-tight', 'text-lg')).toBe('text-lg');
    expect(cn('rounded-t-2xl', 'rounded-none')).toBe('rounded-none');
    expect(cn('shrink-0', 'flex-1')).toBe('flex-1');
  });

  it('compares within the same variants only', () => {
    expect(cn('hover:bg-slate-100 bg-white', 'hover:bg-red-700')).toBe('bg-white hover:bg-red-700');
    expect(cn('sm:px-6 px-4', 'px-2')).toBe('sm:px-6 px-2');
    expect(cn('focus:hover:text-red-500', 'hover:focus:text-white')).toBe('hover:focus:text-white');
    expect(cn('data-[state=active]:bg-white', 'data-[state=active]:bg-slate-900')).toBe('data-[state=active]:bg-slate-900');
  });

  it('keeps classes it does not know, and arbitrary values by their family', () => {
    expect(cn('toast-root pointer-events-auto', 'toast-root')).toBe('toast-root pointer-events-auto toast-root');
    expect(cn('min-w-[32rem]', 'min-w-0')).toBe('min-w-0');
    expect(cn('text-[15px]', 'text-base')).toBe('text-base');
    expect(cn('-top-24', 'top-0')).toBe('top-0');
  });
});
