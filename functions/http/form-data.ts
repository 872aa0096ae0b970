/** Reads a multipart or URL-encoded form body with the platform's own parser (undici's FormData). */
import { MESSAGES } from '../domain/messages';
import { header, HttpError, rawBody, type ApiEvent } from './http';

export async function parseFormBody(event: ApiEvent): Promise<FormData> {
  const contentType = header(event, 'content-type') ?? '';
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(contentType)) {
    throw new HttpError(400, MESSAGES.malformedForm);
  }
  try {
    return await new Request('http://form.local/', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(rawBody(event)) }).formData();
  } catch {
    throw new HttpError(400, MESSAGES.malformedForm);
  }
}

/** The fields of a form as a plain object: text as strings, files as File (a repeated name keeps the last). */
export function formFields(form: FormData): Record<string, FormDataEntryValue> {
  const fields: Record<string, FormDataEntryValue> = {};
  form.forEach((value, name) => {
    fields[name] = value;
  });
  return fields;
}
