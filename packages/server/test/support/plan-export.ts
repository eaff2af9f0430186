import type { ExportData } from '../../src/modules/gedcom/gedcom.export.repository.ts';
import type { ImportPlan } from '../../src/modules/gedcom/gedcom.plan.ts';

/**
 * An import plan read whole (the mapper's rows, never drained) as the export's input, without a
 * database: what readTreeForExport would read back once the plan is written. For round trips of
 * large files through the pure mapper and writer (support/gedcom-snapshot.ts).
 */
export function planAsExportData(plan: ImportPlan, treeId: string): ExportData {
  const byId = <T extends { id: string }>(rows: T[]) =>
    [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const participants = [
    ...plan.participants,
    ...plan.events.flatMap((event) =>
      event.participants.map((participant, position) => ({ ...participant, eventId: event.id, position })),
    ),
  ];
  const participantsOf = new Map<string, typeof participants>();
  for (const row of participants) participantsOf.set(row.eventId, [...(participantsOf.get(row.eventId) ?? []), row]);
  return {
    rootId: plan.rootId,
    persons: byId(plan.persons).map((row) => ({
      id: row.id,
      fName: row.fName,
      pName: row.pName,
      lName: row.lName,
      gender: row.gender,
      occupation: row.occupation,
      names: row.names?.length
        ? row.names.map((name) => ({
            type: name.type,
            typeText: name.typeText,
            fName: name.fName,
            pName: name.pName,
            lName: name.lName,
            fromDate: name.fromDate ?? null,
            toDate: name.toDate ?? null,
          }))
        : undefined,
    })),
    parentLinks: plan.parentLinks
      .map(({ parentId, childId }) => ({ parentId, childId }))
      .sort((a, b) => (a.childId + a.parentId < b.childId + b.parentId ? -1 : 1)),
    partners: [...plan.partnerLinks].sort((a, b) => (a.personA + a.personB < b.personA + b.personB ? -1 : 1)),
    siblings: [...plan.siblingLinks].sort((a, b) => (a.personA + a.personB < b.personA + b.personB ? -1 : 1)),
    locations: plan.locations.map((row) => {
      const coordinates = plan.coordinates.find((c) => c.id === row.id);
      return {
        id: row.id,
        parentId: row.parentId,
        name: row.name,
        type: row.type,
        lat: coordinates?.lat ?? row.lat,
        lng: coordinates?.lng ?? row.lng,
      };
    }),
    events: plan.events.map((event) => ({
      id: event.id,
      participants: (participantsOf.get(event.id) ?? [])
        .map((p) => ({ personId: p.personId, role: p.role, position: p.position }))
        .sort((a, b) => a.position - b.position),
      type: event.values.type,
      subtype: event.values.subtype,
      typeName: event.values.typeName,
      startDate: event.values.startDate,
      startDateType: event.values.startDateType,
      endDate: event.values.endDate,
      endDateType: event.values.endDateType,
      sortDate: event.values.dateFrom ?? event.values.dateTo,
      causeOfEvent: event.values.causeOfEvent,
      description: event.values.description,
      dateText: event.values.dateText,
      locationId: event.values.locationId,
    })),
    repositories: byId(plan.repositories).map(({ titleKey: _, ...row }) => row),
    records: byId(plan.records).map(({ titleKey: _, ...row }) => row),
    citations: byId(plan.citations).map((row) => ({
      id: row.id,
      recordId: row.recordId,
      whereWithinSourceText: row.whereWithinSourceText,
      whereWithinSourceUrl: row.whereWithinSourceUrl,
      textFromSource: row.textFromSource ?? '',
      eventCitedFrom: row.eventCitedFrom,
      eventCitedFromRole: row.eventCitedFromRole,
      entryRecordingDate: row.entryRecordingDate,
      certaintyAssessment: row.certaintyAssessment,
    })),
    citationLinks: plan.citationLinks,
    notes: byId(plan.notes).map(({ title: _, ...row }) => row),
    noteLinks: plan.noteLinks,
    media: byId(plan.media),
    mediaLinks: plan.mediaLinks,
    extras: plan.extras
      .map((extra) => (extra.nodeKind === 'tree' ? { ...extra, nodeId: treeId } : extra))
      .sort((a, b) => (a.nodeId < b.nodeId ? -1 : a.nodeId > b.nodeId ? 1 : 0)),
  };
}
