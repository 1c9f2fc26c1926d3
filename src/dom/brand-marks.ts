/**
 * A small SVG mark for each brand, drawn by us: a badge in the brand's
 * colours with a simple shape or a few stroked letters. Official artwork
 * comes with trademark terms that a library cannot pass on to every shop,
 * so none of it, and no icon set's paths, is copied here
 * (docs/tokenization.md, "Brand marks"). Built with DOM calls, as `h.ts`
 * explains, and kept short.
 *
 * It imports no code of ours: the form loads it on demand, and in the frame
 * the form's script is inline in the page, where a module has no address to
 * import from (a chunk importing it would load and run that script again).
 */
import type { Brand } from '../card/brand.js';

/** A filled shape on the badge: a path `[fill, d]` or a circle `[fill, cx, cy, r]`. */
type Fill = readonly [fill: string, d: string] | readonly [fill: string, cx: string, cy: string, r: string];

/**
 * Each mark on a 32×20 badge: the badge colour, the colour and path of its
 * letters (stroked, drawn last), then its filled shapes.
 */
const MARKS: Record<Brand, readonly [badge: string, ink: string, letters: string, ...fills: Fill[]]> = {
  visa: [
    '#1a1f71',
    '#fff',
    'M7.8 6 8.4 14 11.8 6M14.8 6 13.4 14M19.6 7.3C19.1 6 16.4 6 16.1 7.9C15.7 10 19.2 9.8 18.8 12C18.4 14.2 15.3 14.3 15 12.8M19.9 14 23.3 6 23.9 14M21.1 11.3 23.7 11.3',
  ],
  mastercard: [
    '#fff',
    '',
    '',
    ['#eb001b', '12.5', '10', '6'],
    ['#f79e1b', '19.5', '10', '6'],
    ['#ff5f00', 'M16 5.1a6 6 0 010 9.8 6 6 0 010-9.8z'],
  ],
  elo: ['#000', '', '', ['#ffcb05', '16', '5.5', '2.2'], ['#00a4e0', '12.1', '12.3', '2.2'], ['#ef4123', '19.9', '12.3', '2.2']],
  amex: [
    '#006fcf',
    '#fff',
    'M6 13.5 8 6.5 10 13.5M6.7 11 9.3 11M11.5 13.5 11.5 6.5 13.8 10.5 16 6.5 16 13.5M20.5 6.5 17.5 6.5 17.5 13.5 20.5 13.5M17.5 10 20 10M22 6.5 26 13.5M26 6.5 22 13.5',
  ],
  hipercard: ['#b3131b', '#fff', 'M12 5.5 12 14.5M20 5.5 20 14.5M12 10 20 10'],
  diners: ['#fff', '#fff', 'M14 6.5a4 4 0 000 7M18 6.5a4 4 0 010 7', ['#0079be', '16', '10', '7']],
  jcb: [
    '#fff',
    '#fff',
    'M9.5 7v4.5a1.5 1.5 0 01-3 0M18.2 8a2.4 2.4 0 100 4M22.5 7v6h2a1.5 1.5 0 000-3h-2 1.7a1.5 1.5 0 000-3z',
    ['#0e4c96', 'M5 6a2 2 0 012-2h4v10a2 2 0 01-2 2h-4z'],
    ['#e21836', 'M13 6a2 2 0 012-2h4v10a2 2 0 01-2 2h-4z'],
    ['#007b40', 'M21 6a2 2 0 012-2h4v10a2 2 0 01-2 2h-4z'],
  ],
  discover: ['#fff', '#231f20', 'M7 6v8h1.5a4 4 0 000-8z', ['#ff6000', '20', '10', '4.5']],
};

function svg(tag: string, attributes: Record<string, string>, ...children: Node[]): SVGElement {
  const element = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/**
 * A new mark of `brand`. Given a `name`, it is an image with that name;
 * without one it is hidden from assistive technology, for a place where the
 * name is text beside it. The badge's edge takes its colour from the
 * stylesheet, so it shows on a dark background too.
 */
export function brandMark(brand: Brand, name?: string): SVGElement {
  const [badge, ink, letters, ...fills] = MARKS[brand];
  return svg(
    'svg',
    { viewBox: '0 0 32 20', ...(name ? { role: 'img', 'aria-label': name } : { 'aria-hidden': 'true' }) },
    svg('rect', { x: '.5', y: '.5', width: '31', height: '19', rx: '3', fill: badge }),
    ...fills.map(([fill, d, cy, r]) => (r ? svg('circle', { fill, cx: d, cy: cy!, r }) : svg('path', { fill, d }))),
    svg('path', { fill: 'none', stroke: ink, 'stroke-width': '1.6', d: letters }),
  );
}
