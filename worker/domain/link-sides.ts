import { groupItems, groups, items, subjectGroups, subjectItems, subjects } from '../db/schema';
import type { LinkSide } from './links';

/** Every link tab of the product, from the side whose form edits it; `field` names the body in errors. */
export const linkSides = {
  subjectItems: {
    table: subjectItems,
    ownerColumn: subjectItems.subjectId,
    row: (subjectId, itemId) => ({ subjectId, itemId }),
    target: { table: items, idColumn: items.id, field: 'ItemsSubject' },
  },
  subjectGroups: {
    table: subjectGroups,
    ownerColumn: subjectGroups.subjectId,
    row: (subjectId, groupId) => ({ subjectId, groupId }),
    target: { table: groups, idColumn: groups.id, field: 'SubjectGroups' },
  },
  groupItems: {
    table: groupItems,
    ownerColumn: groupItems.groupId,
    row: (groupId, itemId) => ({ groupId, itemId }),
    target: { table: items, idColumn: items.id, field: 'GroupItems' },
  },
  itemGroups: {
    table: groupItems,
    ownerColumn: groupItems.itemId,
    row: (itemId, groupId) => ({ groupId, itemId }),
    target: { table: groups, idColumn: groups.id, field: 'ItemGroups' },
  },
  itemSubjects: {
    table: subjectItems,
    ownerColumn: subjectItems.itemId,
    row: (itemId, subjectId) => ({ subjectId, itemId }),
    target: { table: subjects, idColumn: subjects.id, field: 'ItemSubjects' },
  },
} satisfies Record<string, LinkSide>;
