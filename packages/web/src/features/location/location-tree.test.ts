import { describe, expect, it } from 'vitest';
import {
  type HierarchyNode,
  initialExpanded,
  layoutTree,
  pathTo,
  selfAndDescendants,
  TREE_EXPAND_ALL_LIMIT,
  TREE_INDENT,
  TREE_SPACING,
  treeFontSize,
  treeNodeSize,
  treePaddingLeft,
  visibleRows,
} from './location-tree.ts';

/** Sverige › Värmland › Sunne › Västra Fors, and Värmland › Arvika; as the API orders them (by depth). */
const nodes: HierarchyNode[] = [
  { id: 'se', name: 'Sverige', type: 'land', parentId: null, depth: 0 },
  { id: 'vl', name: 'Värmland', type: 'län', parentId: 'se', depth: 1 },
  { id: 'ar', name: 'Arvika', type: null, parentId: 'vl', depth: 2 },
  { id: 'su', name: 'Sunne', type: 'socken', parentId: 'vl', depth: 2 },
  { id: 'vf', name: 'Västra Fors', type: 'by', parentId: 'su', depth: 3 },
];

describe('node sizes (SPEC §9)', () => {
  it('are 120, 160 and 180 px wide at the breakpoints 800 and 1200, 80 or 100 px high', () => {
    expect(treeNodeSize(375)).toEqual({ width: 120, height: 80 });
    expect(treeNodeSize(799)).toEqual({ width: 120, height: 80 });
    expect(treeNodeSize(800)).toEqual({ width: 160, height: 80 });
    expect(treeNodeSize(1199)).toEqual({ width: 160, height: 80 });
    expect(treeNodeSize(1200)).toEqual({ width: 180, height: 100 });
    expect(treeNodeSize(1920)).toEqual({ width: 180, height: 100 });
  });

  it('have a font of 28 px less 3 per level, and 5 px more left padding per level', () => {
    expect([0, 1, 2, 3].map(treeFontSize)).toEqual([28, 25, 22, 19]);
    expect([0, 1, 2, 3].map(treePaddingLeft)).toEqual([0, 5, 10, 15]);
  });

  it('keep deep levels readable', () => {
    expect(treeFontSize(10)).toBe(12);
  });
});

describe('visible rows', () => {
  it('puts each place before its children, depth first, in the order given', () => {
    const rows = visibleRows(nodes, new Set(['se', 'vl', 'su']));
    expect(rows.map((row) => row.node.name)).toEqual(['Sverige', 'Värmland', 'Arvika', 'Sunne', 'Västra Fors']);
    expect(rows.map((row) => row.level)).toEqual([0, 1, 2, 2, 3]);
    expect(rows.map((row) => row.parentRow)).toEqual([-1, 0, 1, 1, 3]);
    expect(rows.map((row) => row.childCount)).toEqual([1, 2, 0, 1, 0]);
  });

  it('hides the places below a collapsed one', () => {
    const rows = visibleRows(nodes, new Set(['se', 'vl']));
    expect(rows.map((row) => row.node.id)).toEqual(['se', 'vl', 'ar', 'su']);
    expect(rows.find((row) => row.node.id === 'su')?.isExpanded).toBe(false);
  });

  it('shows a place whose parent is missing (a truncated hierarchy) at the top', () => {
    const rows = visibleRows([{ id: 'x', name: 'X', type: null, parentId: 'gone', depth: 4 }], new Set());
    expect(rows.map((row) => [row.node.id, row.level])).toEqual([['x', 0]]);
  });
});

describe('layout', () => {
  it('indents each level and stacks rows with the spacing between them', () => {
    const layout = layoutTree(visibleRows(nodes, new Set(['se', 'vl', 'su'])), treeNodeSize(1280));
    const vf = layout.nodes[4];
    expect(vf).toMatchObject({ x: 3 * TREE_INDENT, y: 4 * (100 + TREE_SPACING), width: 180, height: 100 });
    expect(vf).toMatchObject({ fontSize: 19, paddingLeft: 15 });
    expect(layout.width).toBe(3 * TREE_INDENT + 180);
    expect(layout.height).toBe(4 * 120 + 100);
  });

  it('joins each child to its parent with one elbow', () => {
    const layout = layoutTree(visibleRows(nodes, new Set(['se', 'vl', 'su'])), { width: 120, height: 80 });
    expect(layout.connectors).toHaveLength(4);
    // Västra Fors (row 4) hangs under Sunne (row 3, level 2).
    expect(layout.connectors.find((c) => c.id === 'vf')?.path).toBe(
      `M${2 * TREE_INDENT + TREE_SPACING},${3 * 100 + 80} V${4 * 100 + 40} H${3 * TREE_INDENT}`,
    );
  });
});

describe('choosing a parent', () => {
  it('blocks the place itself and everything below it', () => {
    expect(selfAndDescendants(nodes, 'vl')).toEqual(new Set(['vl', 'ar', 'su', 'vf']));
    expect(selfAndDescendants(nodes, 'vf')).toEqual(new Set(['vf']));
    expect(selfAndDescendants(nodes, null)).toEqual(new Set());
  });

  it('finds the path of ancestors, root first', () => {
    expect(pathTo(nodes, 'vf')).toEqual(['se', 'vl', 'su']);
    expect(pathTo(nodes, 'se')).toEqual([]);
  });
});

describe('initially expanded', () => {
  it('opens a small hierarchy entirely', () => {
    expect(initialExpanded(nodes, 'ar')).toEqual(new Set(['se', 'vl', 'su']));
  });

  it('opens a large one along the path to the place in focus', () => {
    const many: HierarchyNode[] = [...nodes];
    for (let index = 0; index < TREE_EXPAND_ALL_LIMIT; index += 1) {
      many.push({ id: `gård-${index}`, name: `Gård ${index}`, type: null, parentId: 'ar', depth: 3 });
    }
    many.push({ id: 'torp', name: 'Torp', type: null, parentId: 'gård-0', depth: 4 });
    expect(initialExpanded(many, 'su')).toEqual(new Set(['se', 'vl', 'su']));
    const rows = visibleRows(many, initialExpanded(many, 'su'));
    expect(rows.map((row) => row.node.id)).toEqual(['se', 'vl', 'ar', 'su', 'vf']);
  });
});
