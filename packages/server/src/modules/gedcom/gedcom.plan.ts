import {
  type GedcomCounts,
  type GedcomKeptGroup,
  type GedcomWarningCodeName,
  type GedcomWarningGroup,
  gedcomReportMaxLines,
  type PersonNameValues,
  type RootRelation,
} from '@anor/core';
import type { GedcomExtraKind, KeptGedcomLine } from '../../db/schema.ts';
import type { EventWrite, ParticipantWrite } from '../event/event.repository.ts';
import type { PersonWrite } from '../person/person.repository.ts';
import type { CitationWrite, RecordWrite, RepositoryWrite } from '../source/source.repository.ts';

/**
 * Everything an import writes, with ids already given, built in memory by the mapper (no
 * database) and written by the repository in a few set-wise statements. Ids are new version-7
 * UUIDs; the file's xrefs survive only in the report and the kept lines.
 */
export interface ImportPlan {
  persons: PlanPerson[];
  /** `line`: the FAM record's, for the report. */
  parentLinks: { parentId: string; childId: string; line: number }[];
  /** personA < personB */
  partnerLinks: { personA: string; personB: string }[];
  /** personA < personB: children of a family without parents. */
  siblingLinks: { personA: string; personB: string }[];
  /** Parents before children. */
  locations: PlanLocation[];
  events: PlanEvent[];
  /** Participants of events already drained (written without them: their persons may come later in the file). */
  participants: PlanParticipant[];
  /** Coordinates found for places already drained. */
  coordinates: { id: string; lat: number; lng: number }[];
  repositories: PlanRepository[];
  records: PlanRecord[];
  citations: PlanCitation[];
  citationLinks: PlanLink<'event' | 'location' | 'note' | 'person'>[];
  notes: PlanNote[];
  noteLinks: PlanLink<'person' | 'event' | 'location' | 'citation' | 'record' | 'repository'>[];
  media: PlanMedia[];
  mediaLinks: PlanLink<'person' | 'event' | 'location' | 'citation' | 'record' | 'repository' | 'note'>[];
  extras: PlanExtra[];
  /** The first individual of the file. */
  rootId: string | null;
  families: number;
}

export interface PlanPerson extends PersonWrite {
  id: string;
  /** The person's other NAME lines (issue 19, item 14), written to person_name after the person. */
  names?: PlanPersonName[];
  /** Set by markLineage for a plan written whole; written as 'none' when absent. */
  rootRelation?: RootRelation;
}

export interface PlanPersonName extends PersonNameValues {
  id: string;
  personId: string;
  position: number;
}

export interface PlanLocation {
  id: string;
  parentId: string | null;
  name: string;
  nameKey: string;
  sortKey: string;
  type: string | null;
  lat: number | null;
  lng: number | null;
}

export interface PlanEvent {
  id: string;
  values: EventWrite & { dateText: string | null };
  participants: ParticipantWrite[];
}

export interface PlanParticipant extends ParticipantWrite {
  eventId: string;
  position: number;
}

/**
 * Rows written while the file is still being read (see the mapper's `drain`): everything whose
 * foreign keys point at rows already written or in the same batch. What points at a record the
 * file has not come to yet (a forward pointer) waits in the plan for the end.
 */
export interface DrainedRows {
  persons: PlanPerson[];
  locations: PlanLocation[];
  events: PlanEvent[];
  notes: PlanNote[];
  media: PlanMedia[];
  repositories: PlanRepository[];
  records: PlanRecord[];
  citations: PlanCitation[];
  participants: PlanParticipant[];
  citationLinks: ImportPlan['citationLinks'];
  noteLinks: ImportPlan['noteLinks'];
  mediaLinks: ImportPlan['mediaLinks'];
}

export interface PlanRepository extends RepositoryWrite {
  id: string;
}

export interface PlanRecord extends RecordWrite {
  id: string;
}

export interface PlanCitation extends CitationWrite {
  id: string;
}

export interface GedcomReferenceFields {
  gedcomId: string | null;
  automatedRecordId: string | null;
  userReferenceNumber: string | null;
  userReferenceType: string | null;
  gedcomChangeDate: string | null;
}

export interface PlanNote extends GedcomReferenceFields {
  id: string;
  title: string | null;
  text: string;
}

export interface PlanMedia extends GedcomReferenceFields {
  id: string;
  fileReference: string;
  format: string | null;
  type: string | null;
  title: string | null;
}

export interface PlanLink<Kind extends string> {
  targetId: string;
  nodeId: string;
  nodeKind: Kind;
  position: number;
}

export interface PlanExtra {
  nodeId: string;
  nodeKind: GedcomExtraKind;
  tag: string | null;
  anchor: string[] | null;
  lines: KeptGedcomLine[];
}

/**
 * Gives the persons of a plan read whole their relation to the root person (the root, its
 * ancestors and its descendants by the plan's parent links), as recomputeRootRelations would find
 * them once written: the persons are then written with it, and the database has nothing to
 * recompute. The mapper has taken every cycle out of the parent links, so nobody is both.
 */
export function markLineage(drained: readonly DrainedRows[], plan: ImportPlan): void {
  const rootId = plan.rootId;
  if (rootId === null) return;
  const parentsOf = new Map<string, string[]>();
  const childrenOf = new Map<string, string[]>();
  for (const { parentId, childId } of plan.parentLinks) {
    const parents = parentsOf.get(childId);
    if (parents) parents.push(parentId);
    else parentsOf.set(childId, [parentId]);
    const children = childrenOf.get(parentId);
    if (children) children.push(childId);
    else childrenOf.set(parentId, [childId]);
  }
  const relations = new Map<string, RootRelation>([[rootId, 'root']]);
  const walk = (next: Map<string, string[]>, relation: RootRelation) => {
    const stack = [rootId];
    while (stack.length > 0) {
      for (const id of next.get(stack.pop() as string) ?? []) {
        if (relations.has(id)) continue;
        relations.set(id, relation);
        stack.push(id);
      }
    }
  };
  walk(parentsOf, 'ancestor');
  walk(childrenOf, 'descendant');
  for (const rows of drained) {
    for (const person of rows.persons) {
      const relation = relations.get(person.id);
      if (relation !== undefined) person.rootRelation = relation;
    }
  }
}

export function emptyPlan(): ImportPlan {
  return {
    persons: [],
    parentLinks: [],
    partnerLinks: [],
    siblingLinks: [],
    locations: [],
    events: [],
    participants: [],
    coordinates: [],
    repositories: [],
    records: [],
    citations: [],
    citationLinks: [],
    notes: [],
    noteLinks: [],
    media: [],
    mediaLinks: [],
    extras: [],
    rootId: null,
    families: 0,
  };
}

/** What an import creates, counted as rows are drained and at the end. */
export class ImportCounts {
  readonly counts: GedcomCounts = {
    persons: 0,
    families: 0,
    events: 0,
    places: 0,
    repositories: 0,
    sources: 0,
    citations: 0,
    notes: 0,
    media: 0,
  };
  images = 0;
  /** The most citations on one event or place (a link's position is its place among the node's citations). */
  mostSourcesPerNode = 0;

  addDrained(rows: DrainedRows, isImage: (media: PlanMedia) => boolean): void {
    this.counts.persons += rows.persons.length;
    this.counts.places += rows.locations.length;
    this.counts.events += rows.events.length;
    this.counts.notes += rows.notes.length;
    this.counts.media += rows.media.length;
    this.counts.repositories += rows.repositories.length;
    this.counts.sources += rows.records.length;
    this.counts.citations += rows.citations.length;
    for (const media of rows.media) if (isImage(media)) this.images += 1;
    for (const link of rows.citationLinks) {
      if ((link.nodeKind === 'event' || link.nodeKind === 'location') && link.position >= this.mostSourcesPerNode) {
        this.mostSourcesPerNode = link.position + 1;
      }
    }
  }

  addFinal(plan: ImportPlan): void {
    this.counts.families = plan.families;
  }

  /** Persons, places, events and sources: what counts against the node ceiling. */
  get nodes(): number {
    const c = this.counts;
    return c.persons + c.places + c.events + c.repositories + c.sources + c.citations;
  }
}

/** Warnings and kept lines, grouped for the report, with the first line numbers of each group. */
export class ImportReport {
  private readonly warnings = new Map<GedcomWarningCodeName, GedcomWarningGroup>();
  private readonly kept = new Map<string, GedcomKeptGroup>();

  warn(code: GedcomWarningCodeName, line: number, detail?: string): void {
    let group = this.warnings.get(code);
    if (!group) {
      group = { code, count: 0, items: [] };
      this.warnings.set(code, group);
    }
    group.count += 1;
    if (group.items.length < gedcomReportMaxLines) {
      group.items.push(detail === undefined ? { line } : { line, detail });
    }
  }

  keep(path: string, line: number): void {
    let group = this.kept.get(path);
    if (!group) {
      group = { path, count: 0, lines: [] };
      this.kept.set(path, group);
    }
    group.count += 1;
    if (group.lines.length < gedcomReportMaxLines) group.lines.push(line);
  }

  warningGroups(): GedcomWarningGroup[] {
    return [...this.warnings.values()];
  }

  keptGroups(): GedcomKeptGroup[] {
    return [...this.kept.values()].sort((a, b) => b.count - a.count || a.path.localeCompare(b.path));
  }
}
