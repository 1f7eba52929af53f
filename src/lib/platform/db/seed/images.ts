/**
 * Pictures the shop draws for itself: product shots, brand logos and banners as SVG, so the demo
 * needs no file from anywhere. Shapes follow the product's category; colours follow the brand.
 */

export interface Palette {
  from: string;
  to: string;
  ink: string;
}

export type Shape = 'tee' | 'dress' | 'coat' | 'shoe' | 'bag' | 'bottle' | 'pillow' | 'kid' | 'cap';

const SHAPES: Record<Shape, string> = {
  tee: 'M250 230 L330 190 Q400 240 470 190 L550 230 L620 330 L545 370 L530 340 L530 610 L270 610 L270 340 L255 370 L180 330 Z',
  dress:
    'M340 190 Q400 230 460 190 L480 300 Q470 340 500 360 L600 620 L200 620 L300 360 Q330 340 320 300 Z',
  coat: 'M260 200 L340 180 L400 260 L460 180 L540 200 L620 330 L590 620 L420 620 L400 290 L380 620 L210 620 L180 330 Z',
  shoe: 'M190 470 Q200 380 270 370 L380 360 Q430 420 520 430 Q620 440 640 500 L640 540 L190 540 Z',
  bag: 'M230 330 L570 330 L600 620 L200 620 Z M320 330 Q320 220 400 220 Q480 220 480 330 L450 330 Q450 255 400 255 Q350 255 350 330 Z',
  bottle:
    'M360 200 L440 200 L440 260 Q500 290 500 360 L500 600 Q500 620 480 620 L320 620 Q300 620 300 600 L300 360 Q300 290 360 260 Z',
  pillow: 'M210 300 Q400 250 590 300 Q620 420 590 540 Q400 590 210 540 Q180 420 210 300 Z',
  kid: 'M290 240 L360 215 Q400 250 440 215 L510 240 L560 320 L510 345 L500 330 L500 520 L300 520 L300 330 L290 345 L240 320 Z',
  cap: 'M220 470 Q230 300 400 290 Q570 300 580 470 Z M540 460 L680 480 L660 510 L540 500 Z',
};

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * An 800×800 product picture; the variant shifts the angle so a gallery shows different shots.
 * `mark` (the product's number in its shop) moves the backdrop and sets a row of dots, so two
 * products of one brand and outline differ in shape, not only in their label (which needs fonts).
 */
export function productSvg(
  shape: Shape,
  palette: Palette,
  label: string,
  variant = 0,
  mark = 0,
): string {
  const angle = [0, -8, 8, 0][variant % 4];
  const scale = [1, 0.92, 0.92, 0.8][variant % 4];
  const cx = 250 + ((mark * 97) % 300);
  const cy = 330 + ((mark * 61) % 160);
  const dots = Array.from(
    { length: 1 + (mark % 6) },
    (_, i) =>
      `<circle cx="${70 + i * 70}" cy="${70 + ((mark >> 3) % 3) * 40}" r="26" fill="${palette.ink}" opacity="0.55"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs><rect width="800" height="800" fill="#f6f4f1"/><circle cx="${cx}" cy="${cy}" r="300" fill="url(#g)" opacity="0.22"/>${dots}<g transform="rotate(${angle} 400 400) translate(400 400) scale(${scale}) translate(-400 -400)"><path d="${SHAPES[shape]}" fill="url(#g)" stroke="${palette.ink}" stroke-width="6" stroke-linejoin="round"/></g><text x="400" y="720" font-family="sans-serif" font-size="40" text-anchor="middle" fill="${palette.ink}">${escapeXml(label)}</text></svg>`;
}

/** A square brand logo: the brand's mark on its colours. */
export function logoSvg(mark: string, palette: Palette): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><rect width="200" height="200" rx="40" fill="${palette.from}"/><text x="100" y="128" font-family="sans-serif" font-size="72" font-weight="700" text-anchor="middle" fill="#ffffff">${escapeXml(mark)}</text></svg>`;
}

/** A 750×320 banner with a headline and a sub line. */
export function bannerSvg(title: string, subtitle: string, palette: Palette): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="320" viewBox="0 0 750 320"><defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs><rect width="750" height="320" fill="url(#b)"/><circle cx="640" cy="60" r="150" fill="#ffffff" opacity="0.12"/><text x="48" y="150" font-family="sans-serif" font-size="60" font-weight="700" fill="#ffffff">${escapeXml(title)}</text><text x="48" y="220" font-family="sans-serif" font-size="32" fill="#ffffff" opacity="0.9">${escapeXml(subtitle)}</text></svg>`;
}

/** A round icon for the home page's icon list. */
export function iconSvg(glyph: string, palette: Palette): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120"><circle cx="60" cy="60" r="56" fill="${palette.from}"/><text x="60" y="76" font-family="sans-serif" font-size="44" text-anchor="middle" fill="#ffffff">${escapeXml(glyph)}</text></svg>`;
}
