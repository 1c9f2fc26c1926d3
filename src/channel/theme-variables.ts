/** The `--pay-*` variables that may cross into the frame, and the kind of value each takes. No DOM here: the channel's checks read it too. */

export type Kind = 'color' | 'length' | 'font-family';

/** Every variable the form reads, with the kind of value it takes. */
export const THEME_VARIABLES: Readonly<Record<string, Kind>> = {
  '--pay-color-primary': 'color',
  '--pay-color-on-primary': 'color',
  '--pay-color-text': 'color',
  '--pay-color-muted': 'color',
  '--pay-color-placeholder': 'color',
  '--pay-color-background': 'color',
  '--pay-color-border': 'color',
  '--pay-color-error': 'color',
  '--pay-font-family': 'font-family',
  '--pay-font-size': 'length',
  '--pay-radius': 'length',
  '--pay-spacing': 'length',
  '--pay-padding': 'length',
};
