import { clsx, type ClassValue } from 'clsx';

/**
 * The same class lists come back on every render (each button, card and badge), so each list is
 * resolved once: on a phone, resolving them afresh was 7% of the first render's script time.
 */
const resolved = new Map<string, string>();
const maxResolved = 2_000;

/**
 * Joins class names, letting later Tailwind utilities win over earlier ones of the same kind
 * (a `className` prop overriding a component's default padding, colour or width). It knows the
 * utility families this app uses; a class it does not know is always kept.
 */
export function cn(...inputs: ClassValue[]): string {
  const joined = clsx(inputs);
  const known = resolved.get(joined);
  if (known !== undefined) return known;
  const result = resolve(joined);
  if (resolved.size >= maxResolved) resolved.clear();
  resolved.set(joined, result);
  return result;
}

function resolve(joined: string): string {
  const classes = joined.split(' ');
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = classes.length - 1; i >= 0; i -= 1) {
    const name = classes[i];
    if (!name) continue;
    const split = splitVariants(name);
    const group = groupOf(split.utility);
    if (!group) {
      kept.push(name);
      continue;
    }
    const key = `${split.variants}${split.important}${group}`;
    if (taken.has(key)) continue;
    taken.add(key);
    for (const covered of COVERS[group] ?? []) taken.add(`${split.variants}${split.important}${covered}`);
    kept.push(name);
  }
  return kept.reverse().join(' ');
}

function splitVariants(name: string): { variants: string; important: string; utility: string } {
  let depth = 0;
  let start = 0;
  const variants: string[] = [];
  for (let i = 0; i < name.length; i += 1) {
    const char = name[i];
    if (char === '[' || char === '(') depth += 1;
    else if (char === ']' || char === ')') depth -= 1;
    else if (char === ':' && depth === 0) {
      variants.push(name.slice(start, i));
      start = i + 1;
    }
  }
  let utility = name.slice(start);
  let important = '';
  if (utility.startsWith('!') || utility.endsWith('!')) {
    important = '!';
    utility = utility.slice(utility.startsWith('!') ? 1 : 0, utility.length > 1 && utility.endsWith('!') ? -1 : undefined);
  }
  if (utility.startsWith('-')) utility = utility.slice(1);
  // The order of plain variants does not change what they select (hover:focus: = focus:hover:).
  return { variants: variants.length ? `${variants.sort().join(':')}:` : '', important, utility };
}

/*
 * The checks below are written with sets and string checks, not regular expressions: each class list is
 * resolved once per page load, so this code always runs cold, and a regular expression is compiled on its
 * first use and again (to machine code) on its second, which made resolving a page's classes several times
 * slower on a phone's first load.
 */

/** Only digits (`/^\d+$/`). */
function isDigits(value: string): boolean {
  if (value === '') return false;
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/** An arbitrary value in the given brackets, not empty (`[3px]`, `(--x)`). */
function isArbitrary(value: string, open = '[', close = ']'): boolean {
  return value.length > 2 && value.startsWith(open) && value.endsWith(close);
}

const SCALE = ['2xl', '3xl', '4xl', '5xl', '6xl', '7xl', '8xl', '9xl'];
const COLOR_WORDS = new Set(['inherit', 'current', 'transparent', 'black', 'white']);
const PALETTE = new Set(['slate', 'gray', 'zinc', 'neutral', 'stone', 'red', 'orange', 'amber', 'yellow', 'lime', 'green', 'emerald', 'teal', 'cyan', 'sky', 'blue', 'indigo', 'violet', 'purple', 'fuchsia', 'pink', 'rose', 'brand', 'ocean']);

/** A colour: a named one or a palette shade, with an optional opacity (`slate-700/40`), or an arbitrary colour (`[#fff]`). */
function isColor(value: string): boolean {
  if (value.startsWith('[')) return value.startsWith('[#') || value.startsWith('[rgb') || value.startsWith('[hsl') || value.startsWith('[color:');
  const slash = value.indexOf('/');
  if (slash >= 0 && !isDigits(value.slice(slash + 1))) return false;
  const base = slash < 0 ? value : value.slice(0, slash);
  if (COLOR_WORDS.has(base)) return true;
  const dash = base.indexOf('-');
  return dash > 0 && PALETTE.has(base.slice(0, dash)) && isDigits(base.slice(dash + 1));
}

const LENGTH_WORDS = new Set(['px', 'full', 'screen', 'auto', 'min', 'max', 'fit', 'svh', 'lvh', 'dvh', 'svw', 'lvw', 'dvw', '3xs', '2xs', 'xs', 'sm', 'md', 'lg', 'xl', ...SCALE, 'prose', 'none']);

/** A width or height value: a number of the spacing scale (`4`, `2.5`), a fraction, a keyword, or an arbitrary value. */
function isLength(value: string): boolean {
  if (LENGTH_WORDS.has(value) || isArbitrary(value) || isArbitrary(value, '(', ')')) return true;
  const dot = value.indexOf('.');
  if (dot >= 0) return isDigits(value.slice(0, dot)) && isDigits(value.slice(dot + 1));
  const slash = value.indexOf('/');
  if (slash >= 0) return isDigits(value.slice(0, slash)) && isDigits(value.slice(slash + 1));
  return isDigits(value);
}

const SIZE_WORDS = new Set(['xs', 'sm', 'md', 'lg', 'xl', ...SCALE, 'none', 'full']);
const isSizeName = (value: string) => SIZE_WORDS.has(value) || isArbitrary(value);

const KEYWORDS: Record<string, string> = {
  block: 'display', 'inline-block': 'display', inline: 'display', flex: 'display', 'inline-flex': 'display', grid: 'display', 'inline-grid': 'display',
  hidden: 'display', contents: 'display', table: 'display', 'table-row': 'display', 'table-cell': 'display', 'flow-root': 'display', 'list-item': 'display',
  static: 'position', fixed: 'position', absolute: 'position', relative: 'position', sticky: 'position',
  uppercase: 'text-transform', lowercase: 'text-transform', capitalize: 'text-transform', 'normal-case': 'text-transform',
  underline: 'text-decoration', overline: 'text-decoration', 'line-through': 'text-decoration', 'no-underline': 'text-decoration',
  italic: 'font-style', 'not-italic': 'font-style', truncate: 'text-overflow', 'text-ellipsis': 'text-overflow', 'text-clip': 'text-overflow',
  'sr-only': 'sr', 'not-sr-only': 'sr', visible: 'visibility', invisible: 'visibility', collapse: 'visibility',
  'break-words': 'word-break', 'break-all': 'word-break', 'break-normal': 'word-break', 'break-keep': 'word-break',
  grow: 'grow', shrink: 'shrink', transition: 'transition', 'transition-all': 'transition', 'transition-colors': 'transition', 'transition-opacity': 'transition',
  'transition-transform': 'transition', 'transition-shadow': 'transition', 'transition-none': 'transition', border: 'border-w', ring: 'ring-w', shadow: 'shadow',
  rounded: 'rounded', 'backdrop-blur': 'backdrop-blur', blur: 'blur', 'outline-none': 'outline-style', outline: 'outline-w', 'outline-hidden': 'outline-style',
  'list-inside': 'list-position', 'list-outside': 'list-position', antialiased: 'font-smoothing', 'subpixel-antialiased': 'font-smoothing', 'bg-brand-gradient': 'bg-color', 'text-brand-gradient': 'text-color',
};

/** Families whose value alone says what they set: `prefix-value` conflicts with any other `prefix-value`. */
const PLAIN = [
  'p', 'px', 'py', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe', 'm', 'mx', 'my', 'mt', 'mr', 'mb', 'ml', 'ms', 'me',
  'w', 'h', 'size', 'min-w', 'min-h', 'max-w', 'max-h', 'gap', 'gap-x', 'gap-y', 'space-x', 'space-y',
  'inset', 'inset-x', 'inset-y', 'top', 'right', 'bottom', 'left', 'start', 'end', 'z', 'order', 'opacity', 'duration', 'delay', 'ease',
  'rotate', 'scale', 'translate-x', 'translate-y', 'col-span', 'col-start', 'col-end', 'row-span', 'row-start', 'row-end', 'grid-cols', 'grid-rows',
  'leading', 'tracking', 'line-clamp', 'basis', 'aspect', 'animate', 'cursor', 'pointer-events', 'select', 'resize', 'object', 'whitespace',
  'overflow', 'overflow-x', 'overflow-y', 'items', 'justify', 'justify-self', 'justify-items', 'self', 'place-items', 'place-content', 'align', 'list', 'underline-offset',
  'backdrop-blur', 'blur', 'grow', 'shrink', 'scroll-mt', 'scroll-pt', 'accent', 'caret', 'fill', 'stroke', 'from', 'via', 'to', 'divide-x', 'divide-y',
  'touch', 'snap', 'origin', 'columns', 'auto-cols', 'auto-rows', 'grid-flow', 'float', 'clear', 'isolation', 'mix-blend', 'box', 'decoration',
];
const PLAIN_SET = new Set(PLAIN);
/** Heads that set nothing on their own without a value (`text`, `bg`): kept as unknown. */
const BARE_HEADS = new Set(['text', 'font', 'bg', 'border', 'ring', 'outline', 'shadow', 'divide', 'rounded', 'flex', 'decoration']);

const SIDES = new Set(['t', 'r', 'b', 'l', 'x', 'y', 's', 'e', 'tl', 'tr', 'br', 'bl']);
const WEIGHTS = new Set(['thin', 'extralight', 'light', 'normal', 'medium', 'semibold', 'bold', 'extrabold', 'black']);
const ALIGNS = new Set(['left', 'center', 'right', 'justify', 'start', 'end']);
const TEXT_SIZES = new Set(['xs', 'sm', 'base', 'lg', 'xl', ...SCALE]);
const STYLES = new Set(['solid', 'dashed', 'dotted', 'double', 'hidden', 'none']);
const BG_POSITIONS = ['center', 'top', 'bottom', 'left', 'right'];

/** A font size: a named one, or an arbitrary length that starts with a digit (`text-[15px]`, `text-[1.1rem]`). */
function isTextSize(value: string): boolean {
  if (TEXT_SIZES.has(value)) return true;
  const digit = value.charCodeAt(1);
  return value.length >= 5 && value.startsWith('[') && digit >= 48 && digit <= 57 && (value.endsWith('px]') || value.endsWith('em]'));
}

function groupOf(utility: string): string | null {
  if (KEYWORDS[utility]) return KEYWORDS[utility];
  const dash = utility.indexOf('-');
  const head = dash < 0 ? utility : utility.slice(0, dash);
  const rest = dash < 0 ? '' : utility.slice(dash + 1);
  if (rest === '' && BARE_HEADS.has(head)) return null;
  switch (head) {
    case 'text':
      if (isTextSize(rest)) return 'font-size';
      if (ALIGNS.has(rest)) return 'text-align';
      if (rest === 'wrap' || rest === 'nowrap' || rest === 'balance' || rest === 'pretty') return 'text-wrap';
      return 'text-color';
    case 'font':
      return WEIGHTS.has(rest) ? 'font-weight' : 'font-family';
    case 'bg':
      // Tailwind-merge (which this replaces) counts the gradient directions as colours; kept so for the same results.
      if (rest.startsWith('linear-') || rest.startsWith('radial') || rest === 'none' || rest.startsWith('[url')) return 'bg-image';
      if (rest === 'cover' || rest === 'contain' || rest === 'auto') return 'bg-size';
      if (BG_POSITIONS.some((place) => rest.startsWith(place))) return 'bg-position';
      if (rest.startsWith('repeat') || rest.startsWith('no-repeat')) return 'bg-repeat';
      if (rest === 'fixed' || rest === 'local' || rest === 'scroll') return 'bg-attachment';
      if (rest.startsWith('clip-')) return 'bg-clip';
      return 'bg-color';
    case 'border': {
      const side = rest.split('-')[0] ?? '';
      if (SIDES.has(side)) {
        const value = rest.slice(side.length + 1);
        return value === '' || isDigits(value) ? `border-w-${side}` : isColor(value) ? `border-color-${side}` : null;
      }
      if (isDigits(rest)) return 'border-w';
      if (STYLES.has(rest)) return 'border-style';
      if (rest === 'collapse' || rest === 'separate') return 'border-collapse';
      return isColor(rest) ? 'border-color' : null;
    }
    case 'ring':
      if (isDigits(rest) || rest === 'inset') return rest === 'inset' ? 'ring-inset' : 'ring-w';
      if (rest.startsWith('offset-')) return isDigits(rest.slice(7)) ? 'ring-offset-w' : 'ring-offset-color';
      return isColor(rest) ? 'ring-color' : null;
    case 'outline':
      if (isDigits(rest)) return 'outline-w';
      if (rest.startsWith('offset-')) return 'outline-offset';
      if (STYLES.has(rest)) return 'outline-style';
      return isColor(rest) ? 'outline-color' : null;
    case 'shadow':
      return isSizeName(rest) || rest === 'inner' || rest.startsWith('[') ? 'shadow' : isColor(rest) ? 'shadow-color' : null;
    case 'divide':
      if (rest.startsWith('x') || rest.startsWith('y')) break;
      return isColor(rest) ? 'divide-color' : null;
    case 'rounded': {
      const side = rest.split('-')[0] ?? '';
      if (SIDES.has(side)) return `rounded-${side}`;
      return isSizeName(rest) ? 'rounded' : null;
    }
    case 'flex':
      if (rest === 'row' || rest === 'row-reverse' || rest === 'col' || rest === 'col-reverse') return 'flex-direction';
      if (rest === 'wrap' || rest === 'wrap-reverse' || rest === 'nowrap') return 'flex-wrap';
      return rest === '1' || rest === 'auto' || rest === 'initial' || rest === 'none' || isArbitrary(rest) ? 'flex' : null;
    case 'decoration':
      if (isDigits(rest) || rest === 'from-font' || rest === 'auto') return 'decoration-thickness';
      return isColor(rest) ? 'decoration-color' : 'decoration-style';
  }
  // The longest plain family the utility starts with (`translate-x-4`: translate-x, not translate): a family
  // name ends where a dash does, so the names tried are the utility up to each dash, longest first.
  for (let end = utility.lastIndexOf('-'); end > 0; end = utility.lastIndexOf('-', end - 1)) {
    const prefix = utility.slice(0, end);
    if (!PLAIN_SET.has(prefix)) continue;
    const value = utility.slice(end + 1);
    // Colour families (fill, stroke, from, via, to, accent, caret) take colours; the others take sizes and keywords.
    if (prefix === 'w' || prefix === 'h' || prefix === 'size' || prefix.startsWith('min-') || prefix.startsWith('max-')) return isLength(value) ? prefix : null;
    return prefix;
  }
  return null;
}

const sides = (prefix: string, list: string[]) => list.map((side) => `${prefix}-${side}`);

/** What a wider utility replaces when it comes later (p-4 replaces an earlier px-2, text-sm an earlier leading-*). */
const COVERS: Record<string, string[]> = {
  p: ['px', 'py', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe'],
  px: ['pr', 'pl'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml', 'ms', 'me'],
  mx: ['mr', 'ml'],
  my: ['mt', 'mb'],
  size: ['w', 'h'],
  gap: ['gap-x', 'gap-y'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left', 'start', 'end'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  overflow: ['overflow-x', 'overflow-y'],
  rounded: sides('rounded', ['t', 'r', 'b', 'l', 's', 'e', 'tl', 'tr', 'br', 'bl']),
  'rounded-t': ['rounded-tl', 'rounded-tr'],
  'rounded-r': ['rounded-tr', 'rounded-br'],
  'rounded-b': ['rounded-br', 'rounded-bl'],
  'rounded-l': ['rounded-tl', 'rounded-bl'],
  'border-w': sides('border-w', ['t', 'r', 'b', 'l', 'x', 'y', 's', 'e']),
  'border-w-x': ['border-w-r', 'border-w-l'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  'border-color': sides('border-color', ['t', 'r', 'b', 'l', 'x', 'y', 's', 'e']),
  'border-color-x': ['border-color-r', 'border-color-l'],
  'border-color-y': ['border-color-t', 'border-color-b'],
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
  flex: ['basis', 'grow', 'shrink'],
};
