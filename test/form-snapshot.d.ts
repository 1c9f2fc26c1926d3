export interface SnapshotArgs {
  /** The inline element's `data-probe`; without it, the frame's own form. */
  probe?: string;
  selector: string;
  styles?: string[];
  all?: boolean;
}
export function snapshot(args: SnapshotArgs): unknown;
export function listenRegion(args: { probe?: string }): string | null;
export function saidSince(args: { probe?: string }): string[];
