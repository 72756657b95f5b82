// What other features may use of recalls.
import { lazy } from 'react';

/** "Start a recall" on a batch (the batch page's header), lazily loaded. */
export const StartRecall = lazy(() => import('./components/start-recall'));
export { recallKeys } from './api/keys';
export { openRecallsQuery, type Recall } from './api/recalls';
