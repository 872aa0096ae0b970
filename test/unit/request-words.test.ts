/**
 * Wrong request bodies are answered in words a user understands, not in the schema library's own
 * ("Invalid input: expected object, received null").
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { z } from 'zod';
import { MESSAGES } from '../../functions/domain/messages';
import { UploadPartsRequest, UploadRequest } from '../../functions/domain/transcribe-request';
import { parseJsonBody } from '../../functions/http/http';

const withBody = (body: string) => ({ body, isBase64Encoded: false, headers: { 'content-type': 'application/json' } }) as unknown as APIGatewayProxyEventV2;
const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

it('a body that is empty, null, an array or a bare value, where fields are expected: 400 in words', () => {
  for (const body of ['', 'null', '[]', '[1]', '"text"', '42']) {
    expect(() => parseJsonBody(withBody(body), UploadPartsRequest)).toThrow(expect.objectContaining({ statusCode: 400, message: MESSAGES.objectRequired }));
  }
  // A body with fields still gets the field's own message.
  expect(() => parseJsonBody(withBody('{"part_numbers":[0]}'), UploadPartsRequest)).toThrow(/Ask for 1 to 16 parts/);
});

it('asking for upload parts: every wrong shape says what to ask for', () => {
  for (const value of [{}, { part_numbers: ['1'] }, { part_numbers: [1e12] }, { part_numbers: [0] }, { part_numbers: [1.5] }, { part_numbers: [] }, { part_numbers: Array(17).fill(1) }]) {
    expect(firstMessage(UploadPartsRequest, value)).toBe('Ask for 1 to 16 parts at a time, by their numbers (1 to 10000).');
  }
});

it("an upload ticket's name and size are checked in words", () => {
  expect(firstMessage(UploadRequest, {})).toBe('The file needs a name.');
  expect(firstMessage(UploadRequest, { filename: 'a.wav', size: '5' })).toBe('The file size must be a number of bytes.');
  expect(firstMessage(UploadRequest, { filename: 'a.wav', size: 1e20 })).toBe('The file size must be a whole number of bytes.');
  expect(firstMessage(UploadRequest, { filename: 'a.wav', size: 0 })).toBe('The file is empty.');
});
