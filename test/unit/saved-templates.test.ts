/** Issue 30: a custom instruction saved as the user's own template, as POST /api/summary-templates takes it. */
import { MESSAGES } from '../../functions/domain/messages';
import { SavedTemplateBody, SummaryRequest } from '../../functions/domain/summary-templates';

const errorOf = (body: unknown) => SavedTemplateBody.safeParse(body).error?.issues[0]?.message;

describe('SavedTemplateBody', () => {
  it('takes a name and an instruction, trimmed', () => {
    expect(SavedTemplateBody.parse({ name: '  Dates  ', instruction: ' List every date mentioned. ' })).toEqual({ name: 'Dates', instruction: 'List every date mentioned.' });
  });

  it('wants a name of 1 to 60 characters', () => {
    expect(errorOf({ name: '   ', instruction: 'List dates.' })).toBe(MESSAGES.templateNameRequired);
    // A body without them (`{}`) says what to fill in, not the validator's words.
    expect(errorOf({ instruction: 'List dates.' })).toBe(MESSAGES.templateNameRequired);
    expect(errorOf({ name: 'Dates' })).toBe(MESSAGES.instructionRequired);
    expect(errorOf({ name: 'n'.repeat(61), instruction: 'List dates.' })).toBe(MESSAGES.templateNameTooLong(60));
    expect(SavedTemplateBody.safeParse({ name: 'n'.repeat(60), instruction: 'List dates.' }).success).toBe(true);
  });

  it('holds its instruction to the custom summary’s own bounds', () => {
    expect(errorOf({ name: 'Dates', instruction: '  ' })).toBe(MESSAGES.instructionRequired);
    expect(errorOf({ name: 'Dates', instruction: 'x'.repeat(501) })).toBe(MESSAGES.instructionTooLong(500));
    // What a template saves, the summary request takes as it is.
    const saved = SavedTemplateBody.parse({ name: 'Long', instruction: 'x'.repeat(500) });
    expect(SummaryRequest.safeParse({ template: 'custom', instruction: saved.instruction }).success).toBe(true);
  });

  it('refuses anything else in the body', () => {
    expect(SavedTemplateBody.safeParse({ name: 'Dates', instruction: 'List dates.', id: 'x' }).success).toBe(false);
  });
});
