/**
 * A skin's colours as the CSS custom properties every page reads (shell §2: "icons and colours can
 * be overridden by the shop skin"). A skin stores four colours; the accents pages need besides
 * (a gradient partner, a soft tint, a price colour readable on white, a second button) are
 * derived here, so a new skin needs no more than its four colours and no page hard-codes red.
 * Isomorphic: no I/O.
 *
 * Red stays only where it means something other than the shop: error texts and the red packets
 * (红包: the envelope rain, the lottery grid, open-envelopes), which are red by what they are.
 */

import type { SkinTheme } from './tables.server.ts';

export type { SkinTheme };

/** The platform's own colours: a shop without a skin, and every page outside a shop. */
export const DEFAULT_THEME: SkinTheme = {
  primary: '#cf2a2f',
  tabSelected: '#cf2a2f',
  tabUnselected: '#707070',
  background: '#f5f5f5',
};

/** Only plain hex colours reach a style attribute: nothing else can be injected through a theme. */
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX.test(value);
}

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  const digits =
    hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1).toLowerCase();
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** HSL with h in degrees, s and l in 0..1. */
function toHsl([r, g, b]: Rgb): [number, number, number] {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const min = Math.min(rr, gg, bb);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, l];
  const s = d / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === rr) h = ((gg - bb) / d) % 6;
  else if (max === gg) h = (bb - rr) / d + 2;
  else h = (rr - gg) / d + 4;
  return [(h * 60 + 360) % 360, s, l];
}

function fromHsl(h: number, s: number, l: number): Rgb {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255];
}

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

/** WCAG relative luminance. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two hex colours (1 … 21). */
export function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(toRgb(a)), luminance(toRgb(b))];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** `amount` (0..1) of `b` over `a`. */
function mix(a: string, b: string, amount: number): string {
  const [x, y] = [toRgb(a), toRgb(b)];
  return toHex([0, 1, 2].map((i) => x[i]! + (y[i]! - x[i]!) * amount) as Rgb);
}

/** The colour darkened in steps until it reaches `ratio` against `background` (AA text: 4.5). */
export function readableOn(color: string, background: string, ratio = 4.5): string {
  let [h, s, l] = toHsl(toRgb(color));
  let hex = toHex(fromHsl(h, s, l));
  while (contrast(hex, background) < ratio && l > 0) {
    l = Math.max(0, l - 0.02);
    hex = toHex(fromHsl(h, s, l));
  }
  return hex;
}

const WHITE = '#ffffff';

/** The theme's colours, each checked; a missing or malformed one takes the default's. */
export function normaliseTheme(
  theme: Partial<Record<keyof SkinTheme, unknown>> | null | undefined,
) {
  const pick = (key: keyof SkinTheme) =>
    isHexColor(theme?.[key]) ? (theme[key] as string).toLowerCase() : DEFAULT_THEME[key];
  return {
    primary: pick('primary'),
    tabSelected: pick('tabSelected'),
    tabUnselected: pick('tabUnselected'),
    background: pick('background'),
  } satisfies SkinTheme;
}

/**
 * The CSS custom properties of a skin:
 * - `--primary`, `--tab-selected`, `--tab-unselected`, `--page-bg`: the skin's own colours;
 * - `--primary-end`: the partner of `--primary` in banner and price-block gradients (the hue
 *   turned a little, lighter: the classic red's partner is an orange);
 * - `--primary-deep`: a darker `--primary` (pressed states, the end of a card's gradient);
 * - `--primary-soft`: a faint tint of `--primary` behind tags, pills and notices;
 * - `--primary-text`: `--primary` darkened until it is readable (AA) on white and on the tint;
 * - `--price`: the price colour, readable on white;
 * - `--primary-alt`: the second button beside a `--primary` one (加入购物车), white text on it
 *   readable;
 * - `--on-primary`: the text colour on `--primary`.
 */
export function skinVariables(input: Parameters<typeof normaliseTheme>[0]): Record<string, string> {
  const theme = normaliseTheme(input);
  const [h, s, l] = toHsl(toRgb(theme.primary));
  const grey = s < 0.08;
  const end = toHex(
    grey
      ? fromHsl(h, s, Math.min(0.6, l + 0.2))
      : fromHsl((h + 18) % 360, clamp01(s + 0.25), Math.min(0.66, l + 0.15)),
  );
  const deep = toHex(fromHsl(h, s, Math.max(0, l - 0.1)));
  const soft = mix(theme.primary, WHITE, 0.92);
  const text = readableOn(readableOn(theme.primary, WHITE), soft);
  const alt = readableOn(
    toHex(
      grey
        ? fromHsl(h, s, Math.max(0.3, l + 0.15))
        : fromHsl((h + 25) % 360, s, Math.max(0.3, l - 0.1)),
    ),
    WHITE,
  );
  const onPrimary = contrast(theme.primary, WHITE) >= 3 ? WHITE : '#222222';
  return {
    '--primary': theme.primary,
    '--primary-end': end,
    '--primary-deep': deep,
    '--primary-soft': soft,
    '--primary-text': text,
    '--primary-alt': alt,
    '--on-primary': onPrimary,
    '--price': readableOn(theme.primary, WHITE),
    '--tab-selected': theme.tabSelected,
    '--tab-unselected': theme.tabUnselected,
    '--page-bg': theme.background,
  };
}

/** The variables as the value of a style attribute. */
export function skinStyle(theme: Parameters<typeof normaliseTheme>[0]): string {
  return Object.entries(skinVariables(theme))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
}
