/**
 * How many questions the Calendar Intelligence questionnaire asks, for copy on pages that
 * do not load the questions themselves (the landing page, the chat). question-counts.test.ts
 * holds it equal to the list's length, so the copy cannot drift from the questionnaire.
 */
export const PRODUCTIVITY_QUESTION_COUNT = 6;
