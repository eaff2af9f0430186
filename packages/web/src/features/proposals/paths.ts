/** The proposals page of a tree (issue 26): the review queue, or a contributor's own proposals. */
export const proposalsHref = (treeId: string) => `/app/${encodeURIComponent(treeId)}/proposals`;
