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
    utility = utility.replace(/^!|!$/g, '');
  }
  // The order of plain variants does not change what they select (hover:focus: = focus:hover:).
  return { variants: variants.length ? `${variants.sort().join(':')}:` : '', important, utility: utility.replace(/^-/, '') };
}

const COLOR = /^(inherit|current|transparent|black|white|(slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose|brand|ocean)-\d+)(\/\d+)?$|^\[(#|rgb|hsl|color:)/;
const LENGTH = /^(\d+(\.\d+)?|\d+\/\d+|px|full|screen|auto|min|max|fit|svh|lvh|dvh|svw|lvw|dvw|3xs|2xs|xs|sm|md|lg|xl|[2-9]xl|prose|none|\[.+\]|\(.+\))$/;
const SIZE_NAME = /^(xs|sm|md|lg|xl|[2-9]xl|none|full|\[.+\])$/;

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
const PLAIN_PREFIXES = [...PLAIN].sort((a, b) => b.length - a.length);

const SIDES = ['t', 'r', 'b', 'l', 'x', 'y', 's', 'e', 'tl', 'tr', 'br', 'bl'];
const WEIGHTS = new Set(['thin', 'extralight', 'light', 'normal', 'medium', 'semibold', 'bold', 'extrabold', 'black']);
const ALIGNS = new Set(['left', 'center', 'right', 'justify', 'start', 'end']);
const TEXT_SIZES = /^(xs|sm|base|lg|xl|[2-9]xl|\[\d.*(px|rem|em)\])$/;

function groupOf(utility: string): string | null {
  if (KEYWORDS[utility]) return KEYWORDS[utility];
  const dash = utility.indexOf('-');
  const head = dash < 0 ? utility : utility.slice(0, dash);
  const rest = dash < 0 ? '' : utility.slice(dash + 1);
  if (/^(text|font|bg|border|ring|outline|shadow|divide|rounded|flex|decoration)$/.test(head) && rest === '') return null;
  switch (head) {
    case 'text':
      if (TEXT_SIZES.test(rest)) return 'font-size';
      if (ALIGNS.has(rest)) return 'text-align';
      if (rest === 'wrap' || rest === 'nowrap' || rest === 'balance' || rest === 'pretty') return 'text-wrap';
      return 'text-color';
    case 'font':
      return WEIGHTS.has(rest) ? 'font-weight' : 'font-family';
    case 'bg':
      // Tailwind-merge (which this replaces) counts the gradient directions as colours; kept so for the same results.
      if (/^linear-|^radial|^none$|^\[url/.test(rest)) return 'bg-image';
      if (/^(cover|contain|auto)$/.test(rest)) return 'bg-size';
      if (/^(center|top|bottom|left|right)/.test(rest)) return 'bg-position';
      if (/^(repeat|no-repeat)/.test(rest)) return 'bg-repeat';
      if (/^(fixed|local|scroll)$/.test(rest)) return 'bg-attachment';
      if (/^clip-/.test(rest)) return 'bg-clip';
      return 'bg-color';
    case 'border': {
      const side = rest.split('-')[0] ?? '';
      if (SIDES.includes(side)) {
        const value = rest.slice(side.length + 1);
        return value === '' || /^\d+$/.test(value) ? `border-w-${side}` : COLOR.test(value) ? `border-color-${side}` : null;
      }
      if (/^\d+$/.test(rest)) return 'border-w';
      if (/^(solid|dashed|dotted|double|hidden|none)$/.test(rest)) return 'border-style';
      if (rest === 'collapse' || rest === 'separate') return 'border-collapse';
      return COLOR.test(rest) ? 'border-color' : null;
    }
    case 'ring':
      if (/^\d+$/.test(rest) || rest === 'inset') return rest === 'inset' ? 'ring-inset' : 'ring-w';
      if (rest.startsWith('offset-')) return /^\d+$/.test(rest.slice(7)) ? 'ring-offset-w' : 'ring-offset-color';
      return COLOR.test(rest) ? 'ring-color' : null;
    case 'outline':
      if (/^\d+$/.test(rest)) return 'outline-w';
      if (rest.startsWith('offset-')) return 'outline-offset';
      if (/^(solid|dashed|dotted|double|none|hidden)$/.test(rest)) return 'outline-style';
      return COLOR.test(rest) ? 'outline-color' : null;
    case 'shadow':
      return SIZE_NAME.test(rest) || rest === 'inner' || rest.startsWith('[') ? 'shadow' : COLOR.test(rest) ? 'shadow-color' : null;
    case 'divide':
      if (rest.startsWith('x') || rest.startsWith('y')) break;
      return COLOR.test(rest) ? 'divide-color' : null;
    case 'rounded': {
      const side = rest.split('-')[0] ?? '';
      if (SIDES.includes(side)) return `rounded-${side}`;
      return SIZE_NAME.test(rest) ? 'rounded' : null;
    }
    case 'flex':
      if (/^(row|row-reverse|col|col-reverse)$/.test(rest)) return 'flex-direction';
      if (/^(wrap|wrap-reverse|nowrap)$/.test(rest)) return 'flex-wrap';
      return /^(1|auto|initial|none|\[.+\])$/.test(rest) ? 'flex' : null;
    case 'decoration':
      if (/^\d+$|^from-font$|^auto$/.test(rest)) return 'decoration-thickness';
      return COLOR.test(rest) ? 'decoration-color' : 'decoration-style';
  }
  for (const prefix of PLAIN_PREFIXES) {
    if (utility.startsWith(`${prefix}-`)) {
      const value = utility.slice(prefix.length + 1);
      // Colour families (fill, stroke, from, via, to, accent, caret) take colours; the others take sizes and keywords.
      if (prefix === 'w' || prefix === 'h' || prefix === 'size' || prefix.startsWith('min-') || prefix.startsWith('max-')) return LENGTH.test(value) ? prefix : null;
      return prefix;
    }
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
