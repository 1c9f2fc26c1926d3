/**
 * Runs `then` once the page's own scripts have had their turn, so an error
 * the element finds as it connects reaches a listener the page adds after
 * it: in the same task, or in a module script later in the document (module
 * and deferred scripts run before `DOMContentLoaded`). A page still being
 * parsed waits for that event; any later page waits one task.
 */
export function afterPageScripts(then: () => void): void {
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  // `interactive` also covers the moment deferred and module scripts run, before DOMContentLoaded has fired.
  const parsing =
    document.readyState === 'loading' || (document.readyState === 'interactive' && navigation?.domContentLoadedEventStart === 0);
  if (parsing) document.addEventListener('DOMContentLoaded', () => setTimeout(then), { once: true });
  else setTimeout(then);
}
