// From css-tag.js, not the package's main entry, which defines ReactiveElement as it loads: the frame's page
// takes these styles and no ReactiveElement (frame-host.ts).
import { unsafeCSS } from '@lit/reactive-element/css-tag.js';
import { themeStyles } from '../dom/theme.styles.js';

/*
 * The card form on top of the shared theme (one rule per line, see
 * theme.styles.ts, also for why `unsafeCSS`). Every rule ships in the script-tag file, so each one
 * earns its place:
 * - every part of the form takes the full width, except expiry and CVV side
 *   by side while there is room (reflow at 320 px);
 * - the brand mark has no entrance animation: the shopper is typing as it
 *   appears, and every frame of one costs the keystrokes a style update;
 *   sized in `em`, it is as tall as the label's line, so it moves nothing
 *   when it appears; the row of accepted brands is a mark's height before
 *   its marks arrive, for the same reason;
 * - each mark's badge has an edge in the border colour of the theme, so a
 *   dark badge stays visible on the dark background and a white one on
 *   white; the accepted-brand row dims every mark but the detected brand's;
 * - the busy spinner exists only while the form is `aria-busy`, so it costs
 *   nothing while the shopper types; with `prefers-reduced-motion` it stands
 *   still (the button's text still says "Processing…");
 * - side by side, expiry and CVV each span three rows of their pair's grid
 *   (label, input, error) as a subgrid, so they share their rows: a wrapped
 *   label or an error on one side moves both sides alike. The pair is a grid
 *   of its own: a subgrid of the whole form would put grid work on every
 *   keystroke in the number field (measured: +0.05 ms style and layout);
 * - each input is laid out on its own: a keystroke changes the text inside
 *   it, and otherwise the browser lays out again every box around it up to
 *   the page, the form's grids included (measured: layout per key halved,
 *   docs/benchmarks.md). Size and layout containment make the input a box
 *   whose size does not follow its text, its one line counted in
 *   (`contain-intrinsic-block-size: 1lh`: as tall as before, at any font
 *   size); a browser without that property lays it out as before. A grid item
 *   is laid out with its grid however it is contained, so each input sits in
 *   a div of its own, which is the grid item;
 * - an error's border is a pixel thicker and takes that pixel from the
 *   padding, so showing an error moves nothing, and side by side expiry and
 *   CVV stay one height without stretching one to match the other;
 * - both themes pad their own background (`--pay-padding`), and placeholders
 *   get their own, lighter colour that still keeps 4.5:1;
 * - the "Parcelas" select (loaded only when the merchant turns it on) is
 *   sized and bordered as the inputs are; the note under it (the one `p`
 *   of the form) has no margin of its own, as the grid's gap spaces it;
 * - read-only inputs (busy, or unavailable) get a dashed border, a change of
 *   shape rather than colour, so contrast stays as it is.
 */
export const styles = unsafeCSS(`${themeStyles(
  'padding: var(--pay-padding, 16px); --_placeholder: var(--pay-color-placeholder, #707070);',
  '--_placeholder: var(--pay-color-placeholder, #969ba1);',
)}
  .wide:empty { display: none; }
  form, .pair { display: grid; gap: var(--pay-spacing, 12px); margin: 0; }
  .field { display: grid; gap: 4px; min-width: 0; }
  @media (min-width: 361px) { .pair { grid-template-columns: 1fr 1fr; row-gap: 0; } .pair > * { grid-row: span 3; grid-template-rows: subgrid; } }
  .row { display: flex; justify-content: space-between; gap: 8px; font-weight: 600; font-size: 0.9em; }
  .row span { color: var(--_muted); }
  svg { display: block; width: 2.25em; height: 1.4em; }
  rect { stroke: var(--_border); }
  ul { display: flex; flex-wrap: wrap; gap: 6px; margin: 0; padding: 0; list-style: none; font-size: 0.8em; min-height: 1.4em; }
  .dim { opacity: 0.4; }
  input, select { font: inherit; display: block; min-height: 44px; padding: 10px 12px; box-sizing: border-box; width: 100%; }
  select { color: inherit; background: var(--_bg); border: 1px solid var(--_border); border-radius: var(--_radius); }
  @supports (contain-intrinsic-block-size: 1lh) { input { contain: size layout; contain-intrinsic-block-size: 1lh; } }
  ::placeholder { color: var(--_placeholder); opacity: 1; }
  input:disabled { color: var(--_muted); }
  [aria-invalid='true'] { border: 2px solid var(--_error); padding: 9px 11px; }
  .error { color: var(--_error); font-size: 0.875em; min-height: 1.2em; }
  p { margin: 0; font-size: 0.875em; }
  [aria-disabled='true'] { cursor: progress; opacity: 0.85; }
  input[readonly] { border-style: dashed; }
  .ok { font-weight: 600; }
  .ok::before { content: '✓ '; }
  [aria-busy='true'] button::before { content: ''; display: inline-block; width: 1em; height: 1em; margin-right: 8px; vertical-align: -3px; border: 2px solid; border-right-color: transparent; border-radius: 50%; animation: pay-spin 1s linear infinite; }
  @keyframes pay-spin { to { transform: rotate(1turn); } }
  @media (prefers-reduced-motion: reduce) { button::before { animation: none !important; } }
`);
