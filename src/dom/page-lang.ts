/**
 * The language of the page around an element: `lang` of the nearest ancestor
 * that has one, else the document's. Both elements speak it unless their
 * `locale` says otherwise.
 */
export const pageLang = (element: Element): string => element.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang;
