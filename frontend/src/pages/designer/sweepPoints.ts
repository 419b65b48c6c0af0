// The points a sweep expands to, in the order the runs go (contract/expansion.py point_params:
// cartesian, the first axis slowest, linked paths riding along with their axis' value).
import type { Scalar } from "./sweepValues";

type AxisLike = { path: string; values: Scalar[]; linked?: { path: string; values: Scalar[] }[] | null };

export type SweepPoints = { points: Record<string, Scalar>[]; total: number };

/** The first `limit` points and how many there are in all (a big sweep is not built in full). */
export function sweepPoints(axes: AxisLike[], limit: number): SweepPoints {
  const total = axes.reduce((n, axis) => n * axis.values.length, 1);
  const points: Record<string, Scalar>[] = [];
  for (let index = 0; index < Math.min(total, limit); index++) {
    const point: Record<string, Scalar> = {};
    let rest = index;
    // The last axis varies fastest: peel the index from the right.
    const picks = axes.map(() => 0);
    for (let a = axes.length - 1; a >= 0; a--) {
      picks[a] = rest % axes[a].values.length;
      rest = Math.floor(rest / axes[a].values.length);
    }
    axes.forEach((axis, a) => {
      point[axis.path] = axis.values[picks[a]];
      for (const link of axis.linked ?? []) point[link.path] = link.values[picks[a]];
    });
    points.push(point);
  }
  return { points, total };
}
