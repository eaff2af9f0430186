/**
 * The location tree of SPEC §2 and §9, as pure functions: which nodes show (expanded or not),
 * where each one goes, and how large it and its text are.
 */

/** A place of the hierarchy as GET location/{id}/tree answers it. */
export interface HierarchyNode {
  id: string;
  name: string;
  type: string | null;
  parentId: string | null;
  depth: number;
}

/** SPEC §9: nodes are 120/160/180 px wide below 800 px, below 1200 px and above; 80 px high below 1200, else 100. */
export const TREE_BREAKPOINTS = { medium: 800, large: 1200 } as const;
/** SPEC §9: the room between nodes. Also the vertical gap between rows. */
export const TREE_SPACING = 20;
/** How far each level is indented: two spacings, so that the connector's elbow has room. */
export const TREE_INDENT = 2 * TREE_SPACING;
/** SPEC §9: the top level's font size, 3 px less per level below it. */
export const TREE_ROOT_FONT_SIZE = 28;
export const TREE_FONT_STEP = 3;
/** Deep levels do not shrink below this, so that the name stays readable. */
export const TREE_MIN_FONT_SIZE = 12;
/** SPEC §9: the name moves 5 px right per level. */
export const TREE_PADDING_STEP = 5;
/** Hierarchies up to this size open fully; larger ones open along the path to the place. */
export const TREE_EXPAND_ALL_LIMIT = 150;

export interface NodeSize {
  width: number;
  height: number;
}

export function treeNodeSize(viewportWidth: number): NodeSize {
  const width = viewportWidth < TREE_BREAKPOINTS.medium ? 120 : viewportWidth < TREE_BREAKPOINTS.large ? 160 : 180;
  const height = viewportWidth < TREE_BREAKPOINTS.large ? 80 : 100;
  return { width, height };
}

export function treeFontSize(depth: number): number {
  return Math.max(TREE_MIN_FONT_SIZE, TREE_ROOT_FONT_SIZE - TREE_FONT_STEP * depth);
}

export function treePaddingLeft(depth: number): number {
  return TREE_PADDING_STEP * depth;
}

/** The children of each place, in the order the answer gives them (by name within each parent). */
export function childrenByParent(nodes: readonly HierarchyNode[]): Map<string | null, HierarchyNode[]> {
  const ids = new Set(nodes.map((node) => node.id));
  const children = new Map<string | null, HierarchyNode[]>();
  for (const node of nodes) {
    // A parent outside the answer (a truncated hierarchy) makes the node a root of what is shown.
    const parent = node.parentId !== null && ids.has(node.parentId) ? node.parentId : null;
    const siblings = children.get(parent);
    if (siblings) siblings.push(node);
    else children.set(parent, [node]);
  }
  return children;
}

/** The ids of a place's ancestors within the hierarchy, root first. */
export function pathTo(nodes: readonly HierarchyNode[], id: string): string[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const path: string[] = [];
  let current = byId.get(id);
  while (current?.parentId && byId.has(current.parentId) && path.length < nodes.length) {
    path.unshift(current.parentId);
    current = byId.get(current.parentId);
  }
  return path;
}

/** A place and everything below it: what it cannot be moved under (the server answers 409 for these). */
export function selfAndDescendants(nodes: readonly HierarchyNode[], id: string | null): Set<string> {
  const blocked = new Set<string>();
  if (id === null) return blocked;
  const children = childrenByParent(nodes);
  const stack = [id];
  while (stack.length > 0) {
    const next = stack.pop() as string;
    if (blocked.has(next)) continue;
    blocked.add(next);
    for (const child of children.get(next) ?? []) stack.push(child.id);
  }
  return blocked;
}

/**
 * Which places start expanded: a small hierarchy entirely; a large one along the path to the
 * place in focus, and the place itself, so that it and its children are in view.
 */
export function initialExpanded(nodes: readonly HierarchyNode[], focusId: string | null): Set<string> {
  const children = childrenByParent(nodes);
  if (nodes.length <= TREE_EXPAND_ALL_LIMIT) {
    return new Set(nodes.filter((node) => children.has(node.id)).map((node) => node.id));
  }
  const expanded = new Set<string>();
  const roots = children.get(null) ?? [];
  for (const root of roots) expanded.add(root.id);
  if (focusId) {
    for (const id of pathTo(nodes, focusId)) expanded.add(id);
    expanded.add(focusId);
  }
  return expanded;
}

export interface TreeRow {
  node: HierarchyNode;
  /** The level within what is shown (0 for the top). */
  level: number;
  childCount: number;
  isExpanded: boolean;
  /** The row index of its parent, or -1 for a top row. */
  parentRow: number;
}

/** The rows shown, top to bottom: each place followed by its children while it is expanded. */
export function visibleRows(nodes: readonly HierarchyNode[], expanded: ReadonlySet<string>): TreeRow[] {
  const children = childrenByParent(nodes);
  const rows: TreeRow[] = [];
  const visit = (node: HierarchyNode, level: number, parentRow: number) => {
    const own = children.get(node.id) ?? [];
    const isExpanded = own.length > 0 && expanded.has(node.id);
    const index = rows.length;
    rows.push({ node, level, childCount: own.length, isExpanded, parentRow });
    if (isExpanded) for (const child of own) visit(child, level + 1, index);
  };
  for (const root of children.get(null) ?? []) visit(root, 0, -1);
  return rows;
}

export interface PlacedNode extends TreeRow {
  x: number;
  y: number;
  width: number;
  height: number;
  fontSize: number;
  paddingLeft: number;
}

export interface TreeLayout {
  nodes: PlacedNode[];
  /** One elbow per child: down from its parent's left side, then right to the child's middle. */
  connectors: { id: string; path: string }[];
  width: number;
  height: number;
}

/** Where each shown row goes: one row per place, indented by level, SPEC §9 sizes. */
export function layoutTree(rows: readonly TreeRow[], size: NodeSize): TreeLayout {
  const nodes: PlacedNode[] = rows.map((row, index) => ({
    ...row,
    x: row.level * TREE_INDENT,
    y: index * (size.height + TREE_SPACING),
    width: size.width,
    height: size.height,
    fontSize: treeFontSize(row.level),
    paddingLeft: treePaddingLeft(row.level),
  }));
  const connectors = nodes.flatMap((node) => {
    const parent = node.parentRow >= 0 ? nodes[node.parentRow] : undefined;
    if (!parent) return [];
    const elbowX = parent.x + TREE_SPACING;
    const middleY = node.y + node.height / 2;
    return [{ id: node.node.id, path: `M${elbowX},${parent.y + parent.height} V${middleY} H${node.x}` }];
  });
  const width = nodes.reduce((widest, node) => Math.max(widest, node.x + node.width), 0);
  const last = nodes.at(-1);
  return { nodes, connectors, width, height: last ? last.y + last.height : 0 };
}
