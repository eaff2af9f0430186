import type { RelationshipPath } from '@anor/core';

export interface ChartBox {
  id: string;
  col: number;
  row: number;
}

/**
 * Where each person of a path stands in its small chart: up a row for a parent, down a row for a
 * child, a column to the side for a partner or a sibling, and a column over where the path turns
 * from going up to going down (at the common ancestor), so the chart reads as an inverted V.
 */
export function layoutPath(path: Pick<RelationshipPath, 'personIds' | 'steps'>): {
  boxes: ChartBox[];
  cols: number;
  rows: number;
} {
  let col = 0;
  let row = 0;
  const boxes: ChartBox[] = [{ id: path.personIds[0] ?? '', col, row }];
  path.steps.forEach((step, index) => {
    if (step === 'parent') row -= 1;
    else if (step === 'child') {
      if (path.steps[index - 1] === 'parent') col += 1;
      row += 1;
    } else col += 1;
    boxes.push({ id: path.personIds[index + 1] ?? '', col, row });
  });
  const top = Math.min(...boxes.map((box) => box.row));
  for (const box of boxes) box.row -= top;
  return {
    boxes,
    cols: Math.max(...boxes.map((box) => box.col)) + 1,
    rows: Math.max(...boxes.map((box) => box.row)) + 1,
  };
}
