/**
 * Builds markup with DOM calls: no HTML parsing, so a Trusted Types policy is
 * never needed. Both elements build their fixed markup once with this.
 */

/**
 * An element with attributes and children. `tag` is a tag name, or an element
 * made elsewhere (an SVG one, from `createElementNS`) to fill the same way.
 */
export function h<T extends Element = HTMLElement>(tag: string | Element, attributes: Record<string, string> = {}, ...children: Node[]): T {
  const element = typeof tag === 'string' ? document.createElement(tag) : tag;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element as T;
}
