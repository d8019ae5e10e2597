// The actions on a content document, each written with its activity-log entry: save (create or
// update), publish / unpublish, a config's row actions (e.g. the next procurement stage), archive.
import { useQuery } from '@tanstack/react-query';
import { adminKey, keysShowing } from '../../data/query-keys.ts';
import { db } from '../../lib/data.ts';
import { serverValues, type WithId } from '../../lib/db.ts';
import { useStaffMove, useStaffWrites } from '../use-staff-action.ts';
import { archiveMessage, documentTitle, publishChange, publishMessage, type ContentConfig, type ContentDocument, type RowAction } from './content-config.ts';

const pathOf = (config: ContentConfig, id: string) => `${config.collection}/${id}`;

// The back office's screens of the collection and the public pages showing it, at once.
const refreshes = (config: ContentConfig) => keysShowing(config.collection);

/** One stored document for the editor (null when there is none with that id). */
export function useContentDocument(config: ContentConfig, id: string) {
  return useQuery({
    queryKey: [...adminKey(config.collection), 'doc', id],
    queryFn: () => db.fetchDocument<ContentDocument>(config.collection, id) as Promise<WithId<ContentDocument> | null>,
  });
}

export interface SaveVars {
  id: string;
  created: boolean;
  data: Record<string, unknown>;
  log: string;
}

/** Creating writes the document with its own id and the server's time (createDocument's shape). */
export function useSaveContent(config: ContentConfig) {
  return useStaffWrites<SaveVars>({
    writes: ({ id, created, data }) =>
      created ? [{ set: pathOf(config, id), data: { ...data, id, timestamp: serverValues.now() } }] : [{ update: pathOf(config, id), data }],
    log: (vars) => vars.log,
    invalidate: refreshes(config),
  });
}

export function usePublishContent(config: ContentConfig) {
  return useStaffWrites<{ doc: ContentDocument; publish: boolean }>({
    writes: ({ doc, publish }) => [{ update: pathOf(config, doc.id), data: publishChange(config, doc, publish, serverValues.now()) }],
    log: ({ doc, publish }) => publishMessage(publish, documentTitle(config, doc)),
    invalidate: refreshes(config),
  });
}

export function useRowAction(config: ContentConfig) {
  return useStaffWrites<{ doc: ContentDocument; action: RowAction }>({
    writes: ({ doc, action }) => [{ update: pathOf(config, doc.id), data: action.update }],
    log: ({ action }) => action.log,
    invalidate: refreshes(config),
  });
}

export function useArchiveContent(config: ContentConfig) {
  return useStaffMove<{ doc: ContentDocument }>({
    move: ({ doc }) => ({ collection: config.collection, id: doc.id, to: 'archive' }),
    log: ({ doc }) => archiveMessage(config, documentTitle(config, doc)),
    invalidate: refreshes(config),
  });
}
