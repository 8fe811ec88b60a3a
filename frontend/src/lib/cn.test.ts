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

  it('tells values apart as Tailwind does: colours, lengths, sizes and the important mark', () => {
    // Colours: palette shades with an opacity, named colours, arbitrary colours; not a broken opacity or an unknown palette.
    expect(cn('border-2 border-slate-200/60', 'border-white')).toBe('border-2 border-white');
    expect(cn('border-t border-t-slate-200', 'border-t-[#0f172a]')).toBe('border-t border-t-[#0f172a]');
    expect(cn('ring-offset-2 ring-offset-white', 'ring-offset-4')).toBe('ring-offset-white ring-offset-4');
    expect(cn('border-slate-200/', 'border-sky-blue-500', 'border-red-500')).toBe('border-slate-200/ border-sky-blue-500 border-red-500');
    // Lengths: decimals, fractions, keywords and arbitrary values are widths; a malformed number is not.
    expect(cn('w-2.5', 'w-1/2')).toBe('w-1/2');
    expect(cn('w-[calc(100%-2rem)]', 'w-(--width)')).toBe('w-(--width)');
    expect(cn('w-.5 w-1/2.5', 'w-fit')).toBe('w-.5 w-1/2.5 w-fit');
    // Sizes and text sizes; an arbitrary text size needs a digit and a unit, otherwise it is a colour.
    expect(cn('rounded-[10px]', 'rounded-2xl')).toBe('rounded-2xl');
    expect(cn('text-[1.1rem]', 'text-[2em]')).toBe('text-[2em]');
    expect(cn('text-[1.1rem] text-[var(--ink)]', 'text-white')).toBe('text-[1.1rem] text-white');
    expect(cn('shadow-lg shadow-brand-600/30', 'shadow-inner')).toBe('shadow-brand-600/30 shadow-inner');
    // Backgrounds: images, positions, repeats and colours are separate families.
    expect(cn('bg-[url(/a.png)] bg-left-top bg-no-repeat bg-cover bg-white', 'bg-none bg-center bg-repeat-x bg-contain bg-slate-50')).toBe(
      'bg-none bg-center bg-repeat-x bg-contain bg-slate-50',
    );
    // The important mark, before or after, and a negative value.
    expect(cn('!p-2', 'p-4!')).toBe('p-4!');
    expect(cn('p-2', '!p-4')).toBe('p-2 !p-4');
    expect(cn('-mt-2 -translate-x-1/2', 'mt-4 translate-x-0')).toBe('mt-4 translate-x-0');
    expect(cn('flex-[2_2_0%] decoration-2 decoration-wavy', 'flex-1 decoration-from-font decoration-dotted')).toBe(
      'flex-1 decoration-from-font decoration-dotted',
    );
  });
});
