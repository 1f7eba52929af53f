import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, contrast, normaliseTheme, skinStyle, skinVariables } from './skins.ts';

const RED = DEFAULT_THEME;
const BLUE = {
  primary: '#2f6fde',
  tabSelected: '#2f6fde',
  tabUnselected: '#707070',
  background: '#f3f6fb',
};
const GREEN = {
  primary: '#2a9d8f',
  tabSelected: '#2a9d8f',
  tabUnselected: '#707070',
  background: '#f2f8f6',
};
const BLACK = {
  primary: '#222222',
  tabSelected: '#d4a84b',
  tabUnselected: '#8a8a8a',
  background: '#f4f4f4',
};
const WHITE = '#ffffff';

/** The hue of a hex colour in degrees, null for a grey. */
function hue(hex: string): number | null {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d < 0.05) return null;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}
const reddish = (hex: string) => {
  const h = hue(hex);
  return h !== null && (h < 40 || h > 330);
};

describe('skin variables', () => {
  it('carry the skin’s own four colours', () => {
    expect(skinVariables(BLUE)).toMatchObject({
      '--primary': '#2f6fde',
      '--tab-selected': '#2f6fde',
      '--tab-unselected': '#707070',
      '--page-bg': '#f3f6fb',
    });
  });

  it('give the classic red its orange gradient partner and a darker second button', () => {
    const red = skinVariables(RED);
    expect(hue(red['--primary-end']!)).toBeGreaterThan(5);
    expect(hue(red['--primary-end']!)).toBeLessThan(35);
    expect(red['--price']).toBe('#cf2a2f');
  });

  it('derive no red accent at all from a blue, green or black skin', () => {
    for (const theme of [BLUE, GREEN, BLACK]) {
      const derived = Object.values(skinVariables(theme)).filter((v) => v.startsWith('#'));
      expect(derived.filter(reddish), JSON.stringify(theme)).toEqual([]);
    }
  });

  it('keep prices, tinted texts and the second button readable (WCAG AA)', () => {
    for (const theme of [RED, BLUE, GREEN, BLACK]) {
      const v = skinVariables(theme);
      expect(contrast(v['--price']!, WHITE)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(v['--primary-text']!, WHITE)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(v['--primary-text']!, v['--primary-soft']!)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(v['--primary-alt']!, WHITE)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(v['--on-primary']!, v['--primary']!)).toBeGreaterThanOrEqual(3);
      // The soft tint is a background: barely off white.
      expect(contrast(v['--primary-soft']!, WHITE)).toBeLessThan(1.2);
    }
  });

  it('darken a light primary until its price is readable', () => {
    const v = skinVariables({ ...GREEN, primary: '#7fd1c7' });
    expect(v['--primary']).toBe('#7fd1c7');
    expect(v['--price']).not.toBe('#7fd1c7');
    expect(contrast(v['--price']!, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(v['--on-primary']).toBe('#222222');
  });

  it('let nothing but hex colours into the style attribute', () => {
    const hostile = {
      primary: 'red;background:url(//evil.example/x)',
      tabSelected: '#12345',
      tabUnselected: 42,
      background: '#ABC',
    };
    expect(normaliseTheme(hostile)).toEqual({ ...DEFAULT_THEME, background: '#abc' });
    expect(normaliseTheme(null)).toEqual(DEFAULT_THEME);
    const style = skinStyle(hostile);
    for (const declaration of style.split(';')) {
      expect(declaration).toMatch(/^--[a-z-]+:#[0-9a-f]{3,6}$/);
    }
  });
});
