/**
 * Pictures the shop draws for itself: product shots, brand logos and banners as SVG, so the demo
 * needs no file from anywhere. Each product line names its shape (trousers, fruit, belt ...), so
 * a picture shows the kind of thing the product is; colours follow the brand.
 */

export interface Palette {
  from: string;
  to: string;
  ink: string;
}

export type Shape = keyof typeof SHAPES;

/** Outlines by kind of product, one path each (even-odd, so inner rings cut holes). */
const SHAPES = {
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
  vest: 'M290 190 L360 180 L400 260 L440 180 L510 190 Q520 260 570 300 L570 620 L420 620 L400 290 L380 620 L230 620 L230 300 Q280 260 290 190 Z',
  buckethat:
    'M300 300 Q400 270 500 300 L530 450 L270 450 Z M160 450 Q400 410 640 450 L600 520 Q400 490 200 520 Z',
  cap: 'M220 470 Q230 300 400 290 Q570 300 580 470 Z M540 460 L680 480 L660 510 L540 500 Z',
  trousers: 'M280 190 L520 190 L560 620 L430 620 L400 330 L370 620 L240 620 Z',
  socks:
    'M330 180 L450 180 L450 450 Q450 500 500 520 L590 560 Q630 590 600 630 L570 650 L380 590 Q330 570 330 500 Z',
  wallet:
    'M200 290 L600 290 Q620 290 620 310 L620 550 Q620 570 600 570 L200 570 Q180 570 180 550 L180 310 Q180 290 200 290 Z M470 380 L620 380 L620 480 L470 480 Q450 480 450 460 L450 400 Q450 380 470 380 Z',
  belt: 'M110 370 L560 370 L560 430 L110 430 Z M560 320 L690 320 L690 480 L560 480 Z M595 355 L655 355 L655 445 L595 445 Z M200 392 L220 392 L220 408 L200 408 Z M280 392 L300 392 L300 408 L280 408 Z',
  towel:
    'M200 430 L600 430 Q630 430 630 460 L630 540 Q630 570 600 570 L200 570 Q170 570 170 540 L170 460 Q170 430 200 430 Z M220 290 L580 290 Q610 290 610 320 L610 400 Q610 430 580 430 L220 430 Q190 430 190 400 L190 320 Q190 290 220 290 Z',
  sachet:
    'M250 190 L550 190 L570 220 L570 600 L550 630 L250 630 L230 600 L230 220 Z M300 330 Q400 280 500 330 Q510 430 400 480 Q290 430 300 330 Z',
  fruit:
    'M220 440 A180 180 0 1 0 580 440 A180 180 0 1 0 220 440 Z M400 260 Q430 170 520 160 Q480 240 400 260 Z',
  berries:
    'M255 400 A70 70 0 1 0 395 400 A70 70 0 1 0 255 400 Z M405 400 A70 70 0 1 0 545 400 A70 70 0 1 0 405 400 Z M180 530 A70 70 0 1 0 320 530 A70 70 0 1 0 180 530 Z M330 530 A70 70 0 1 0 470 530 A70 70 0 1 0 330 530 Z M480 530 A70 70 0 1 0 620 530 A70 70 0 1 0 480 530 Z',
  giftbox:
    'M200 340 L600 340 L600 620 L200 620 Z M180 280 L620 280 L620 340 L180 340 Z M375 280 L425 280 L425 620 L375 620 Z M400 280 Q320 170 290 240 Q300 290 400 280 Z M400 280 Q480 170 510 240 Q500 290 400 280 Z',
  sack: 'M300 270 Q400 300 500 270 L520 300 Q600 420 580 560 Q570 620 500 620 L300 620 Q230 620 220 560 Q200 420 280 300 Z M320 210 L480 210 L500 270 Q400 300 300 270 Z',
  box: 'M210 330 L590 330 L590 620 L210 620 Z M180 270 L620 270 L620 330 L180 330 Z M350 410 L450 410 L450 440 L350 440 Z',
  candle:
    'M280 340 L520 340 L520 620 L280 620 Z M400 170 Q455 245 425 300 Q400 325 375 300 Q345 245 400 170 Z M394 300 L406 300 L406 340 L394 340 Z',
  mat: 'M150 450 L540 370 Q560 366 570 382 L660 510 Q668 528 650 532 L260 612 Q242 616 234 600 L142 470 Q136 454 150 450 Z',
} satisfies Record<string, string>;

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
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs><rect width="800" height="800" fill="#f6f4f1"/><circle cx="${cx}" cy="${cy}" r="300" fill="url(#g)" opacity="0.22"/>${dots}<g transform="rotate(${angle} 400 400) translate(400 400) scale(${scale}) translate(-400 -400)"><path d="${SHAPES[shape]}" fill="url(#g)" fill-rule="evenodd" stroke="${palette.ink}" stroke-width="6" stroke-linejoin="round"/></g><text x="400" y="720" font-family="sans-serif" font-size="40" text-anchor="middle" fill="${palette.ink}">${escapeXml(label)}</text></svg>`;
}

/** A square logo: the mark on the palette's colour, in white or in `glyph`. */
export function logoSvg(mark: string, palette: Palette, glyph = '#ffffff'): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><rect width="200" height="200" rx="40" fill="${palette.from}"/><text x="100" y="128" font-family="sans-serif" font-size="72" font-weight="700" text-anchor="middle" fill="${glyph}">${escapeXml(mark)}</text></svg>`;
}

/**
 * A 750×320 banner with a headline and a sub line. Without a palette it is the shop's own, drawn
 * on nothing: the page paints the skin's gradient behind it, so it follows a skin change.
 */
export function bannerSvg(title: string, subtitle: string, palette: Palette | null): string {
  const backdrop = palette
    ? `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs><rect width="750" height="320" fill="url(#b)"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="320" viewBox="0 0 750 320">${backdrop}<circle cx="640" cy="60" r="150" fill="#ffffff" opacity="0.12"/><text x="48" y="150" font-family="sans-serif" font-size="60" font-weight="700" fill="#ffffff">${escapeXml(title)}</text><text x="48" y="220" font-family="sans-serif" font-size="32" fill="#ffffff" opacity="0.9">${escapeXml(subtitle)}</text></svg>`;
}

/** A round icon for the home page's icon list. */
export function iconSvg(glyph: string, palette: Palette): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120"><circle cx="60" cy="60" r="56" fill="${palette.from}"/><text x="60" y="76" font-family="sans-serif" font-size="44" text-anchor="middle" fill="#ffffff">${escapeXml(glyph)}</text></svg>`;
}

/**
 * A quick-entry icon of the shop's own: the glyph in white on nothing; the page draws the circle
 * in the skin's colour behind it, so it follows a skin change.
 */
export function themedIconSvg(glyph: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120"><text x="60" y="76" font-family="sans-serif" font-size="44" text-anchor="middle" fill="#ffffff">${escapeXml(glyph)}</text></svg>`;
}
