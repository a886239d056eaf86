/**
 * The languages a report can be written in. A leaf module (it imports nothing), so the
 * config schema and each kind's own messages can name them without importing the message
 * table and what it depends on.
 */

/** Report languages. */
export const REPORT_LANGUAGES = ['en', 'ja'] as const;
/** A report language. */
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];
