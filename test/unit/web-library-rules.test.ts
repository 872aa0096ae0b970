/** The library tabs' rules (docs/product.md#validation, #errors, #constants-and-limits): previews, file names, error texts, languages, projects, tags. */
import { ApiRequestError, NetworkError } from '../../web/src/lib/api-client';
import { LIBRARY_TEXTS } from '../../web/src/features/library/texts';
import { TRANSCRIPTS_TEXTS } from '../../web/src/transcript/texts';
import { deleteErrorMessage, downloadName, previewText, restoreErrorMessage, runAll } from '../../web/src/features/library/format';
import { defaultLanguage, translateErrorMessage, translationLanguages } from '../../web/src/transcript/api/translation';
import { createProjectError, deleteProjectError, PROJECT_FIELD_LIMITS, updateProjectError, validateProject } from '../../web/src/features/library/project-form';
import { createTagError, tagNameToSend } from '../../web/src/features/library/tag-form';
import { LANGUAGE_NAMES } from '../../functions/domain/languages';
import { PROJECT_LIMITS } from '../../functions/domain/library-schemas';

const answered = (status: number, error?: string) => new ApiRequestError(status, error ?? `Request failed with status ${status}.`, error, error ? { error } : undefined);
const noAnswer = new NetworkError();
/** The text `message` gives for each failed call. */
const texts = (message: (error: unknown) => string, ...errors: unknown[]) => errors.map(message);

describe('list previews (cut at 100 characters, docs/product.md#constants-and-limits)', () => {
  it('show up to 100 characters as they are', () => {
    expect(previewText('Short text.')).toBe('Short text.');
    expect(previewText('x'.repeat(100))).toBe('x'.repeat(100));
    expect(previewText(undefined)).toBe('');
  });

  it('cut longer text at 100 characters and say so with an ellipsis', () => {
    const preview = previewText('y'.repeat(101));
    expect(preview).toBe(`${'y'.repeat(100)}…`);
    expect(previewText(`${'a'.repeat(99)} bcd`)).toBe(`${'a'.repeat(99)}…`);
    // The stored preview is the first 101 characters: when the 101st is a space, the text still goes on.
    expect(previewText(`${'a'.repeat(100)} `)).toBe(`${'a'.repeat(100)}…`);
  });

  it('fold line breaks and runs of spaces', () => {
    expect(previewText('one\n\ntwo   three')).toBe('one two three');
  });
});

describe('download names (the file name with its extension replaced)', () => {
  it.each([
    ['meeting.wav', 'txt', 'meeting.txt'],
    ['team call.final.mp4', 'txt', 'team call.final.txt'],
    ['no-extension', 'txt', 'no-extension.txt'],
    ['.hidden', 'srt', '.hidden.srt'],
    ['C:\\rec\\talk.m4a', 'vtt', 'talk.vtt'],
    ['', 'txt', 'transcript.txt'],
    [undefined, 'srt', 'transcript.srt'],
  ] as const)('%s → %s', (filename, extension, expected) => {
    expect(downloadName(filename, extension)).toBe(expected);
  });
});

describe('error texts (docs/product.md#errors)', () => {
  it('translate: the server error, else "Translation failed."; no answer: "Error occurred during translation."', () => {
    const apertium = "Local translation (Apertium) can't translate into German.";
    expect(texts(translateErrorMessage, answered(422, apertium), answered(500), noAnswer)).toEqual([apertium, 'Translation failed.', 'Error occurred during translation.']);
    expect(TRANSCRIPTS_TEXTS.translateFailed).toBe('Translation failed.');
  });

  it('restore: "Failed to restore transcript." when refused, "Error restoring transcript." without an answer', () => {
    expect(texts(restoreErrorMessage, answered(500), answered(404, 'Transcript not found.'), noAnswer)).toEqual(['Failed to restore transcript.', 'Transcript not found.', 'Error restoring transcript.']);
  });

  it('delete: "Failed to delete transcript."', () => {
    expect(texts(deleteErrorMessage, answered(500), noAnswer)).toEqual(['Failed to delete transcript.', 'Failed to delete transcript.']);
    expect(LIBRARY_TEXTS.deleteAllFailed).toBe("Some transcripts couldn't be deleted.");
  });

  it('projects: the server error or the action\'s text; no answer: "An error occurred."', () => {
    expect(texts(createProjectError, answered(500), answered(400, 'Project name is required.'))).toEqual(['Failed to create project.', 'Project name is required.']);
    expect(texts(updateProjectError, answered(500))).toEqual(['Failed to update project.']);
    expect(texts(deleteProjectError, answered(500))).toEqual(['Failed to delete project.']);
    for (const error of [createProjectError, updateProjectError, deleteProjectError]) expect(error(noAnswer)).toBe('An error occurred.');
  });

  it('tag create: the server error, else "Failed to create tag."', () => {
    const taken = 'You already have a tag named "x".';
    expect(texts(createTagError, answered(409, taken), answered(500), noAnswer)).toEqual([taken, 'Failed to create tag.', 'Failed to create tag.']);
  });
});

describe('translation languages (docs/product.md#constants-and-limits)', () => {
  it("are the engine's list when it answered", () => {
    expect(translationLanguages({ data: ['English', 'Spanish', 'Catalan'], isError: false })).toEqual(['English', 'Spanish', 'Catalan']);
  });

  it("fall back to the product's 25 languages when the call fails or answers nothing usable", () => {
    expect(translationLanguages({ isError: true })).toBe(LANGUAGE_NAMES);
    expect(LANGUAGE_NAMES).toHaveLength(25);
    expect(translationLanguages({ data: [], isError: false })).toBe(LANGUAGE_NAMES);
    expect(translationLanguages({ data: { error: 'x' }, isError: false })).toBe(LANGUAGE_NAMES);
  });

  it('offer only the default, English, while loading', () => {
    expect(translationLanguages({ isError: false })).toEqual(['English']);
  });

  it('start at English, or the first offered when English is not', () => {
    expect(defaultLanguage(['Spanish', 'English'])).toBe('English');
    expect(defaultLanguage(['Spanish', 'French'])).toBe('Spanish');
  });
});

describe('projects (docs/product.md#entities)', () => {
  it('need a name after trimming: "Project name is required." and no call', () => {
    expect(validateProject({ name: '   ', description: 'x' })).toEqual({ ok: false, error: 'Project name is required.' });
    expect(validateProject({ name: ' Interviews ', description: ' Spring \n' })).toEqual({ ok: true, input: { name: 'Interviews', description: 'Spring' } });
  });

  it("take no more than the server's limits", () => {
    expect(PROJECT_FIELD_LIMITS).toEqual(PROJECT_LIMITS);
  });
});

describe('tags (docs/product.md#entities)', () => {
  it('are sent trimmed; an empty name is not sent at all', () => {
    expect(tagNameToSend('  Weekly ')).toBe('Weekly');
    expect(tagNameToSend('   ')).toBeNull();
    expect(tagNameToSend('')).toBeNull();
  });
});

describe('Delete All', () => {
  it('runs every delete, a few at a time, and reports the ones that failed', async () => {
    let running = 0;
    let most = 0;
    const ids = Array.from({ length: 40 }, (_, index) => `t${index}`);
    const { failed, errors } = await runAll(
      ids,
      async (id) => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 2));
        running--;
        if (id === 't7' || id === 't30') throw answered(500);
      },
      6,
    );
    expect(most).toBeLessThanOrEqual(6);
    expect(failed.sort()).toEqual(['t30', 't7']);
    expect(errors).toHaveLength(2);
    expect(await runAll([], async () => undefined)).toEqual({ failed: [], errors: [] });
  });
});
