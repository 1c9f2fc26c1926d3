export interface SnapshotArgs {
  /** The inline element's `data-probe`; without it, the frame's own form. */
  probe?: string;
  selector: string;
  styles?: string[];
  /** Computed styles of this pseudo-element (e.g. `::before`) instead of the element's. */
  pseudo?: string | null;
  all?: boolean;
}
export function snapshot(args: SnapshotArgs): unknown;
export function whenShown(args: { probe?: string; selector: string }): Promise<true>;
export function listenRegion(args: { probe?: string }): string | null;
export function saidSince(args: { probe?: string }): string[];
export function observeWrites(args: { probe?: string }): boolean;
export function writesSince(args: { probe?: string }): string[];
export function autofill(args: { probe?: string; values: Record<string, string> }): boolean;
export function documentBox(): {
  title: string;
  lang: string;
  scrollWidth: number;
  scrollHeight: number;
  clientWidth: number;
  clientHeight: number;
};
export function watchScroll(): boolean;
export function scrolledSince(): { scrolls: number; farthest: number; x: number; y: number };
export function afterQueuedMessages(): Promise<true>;
