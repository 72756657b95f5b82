/** Date of the latest update (SPEC §1): August 15, 2025. Noon UTC, so it is that day everywhere. */
export const PATCH_NOTES_LATEST_DATE = '2025-08-15T12:00:00Z';

/** The notes of that update, as locale keys under patchNotes.notes (SPEC §1, in order). */
export const PATCH_NOTE_KEYS = [
  'uiUpdates',
  'batchGrouping',
  'subtractionFix',
  'trialBanner',
  'hourlyBatches',
  'showsBatches',
] as const;
