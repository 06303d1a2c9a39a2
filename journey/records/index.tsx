/**
 * Advice records in the journey (docs/journey.md "Keeping advice on the server"), loaded on demand: the saver the
 * first visit's hook starts once the browser holds an advice file, "Save and continue later", and the pages a link
 * opens (resume, partner). It imports nothing the first visit holds (the journey's actor comes as a prop), so that
 * loading it splits none of the first visit's chunks.
 */
import type { StorageLike } from '../storage';
import { pageApiKey, recordsApi } from './api';
import type { JourneyRef } from './kept';
import { PartnerPage, ResumePage } from './pages';
import { startSaver } from './saver';

export { SaveLater } from './save-later';
export { RecordsPart } from './saved-status';

/** The page's saver: the API with the page's key, answers kept in `storage`'s advice file. */
export const pageSaver = (storage: StorageLike) => startSaver({ api: recordsApi(pageApiKey()), storage });

/** The page of a link's route. */
export const RecordsPage = ({ path, journey }: { path: string; journey: JourneyRef }) =>
  path === '/resume' ? <ResumePage journey={journey} /> : <PartnerPage />;
