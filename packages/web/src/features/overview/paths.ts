/** The overview of a tree's unconnected items: /app/{treeId}/overview. */
export function overviewHref(treeId: string): string {
  return `/app/${encodeURIComponent(treeId)}/overview`;
}
