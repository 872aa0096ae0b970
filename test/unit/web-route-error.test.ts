/**
 * A failed call typed by its route's declared errors (web/src/lib/api-client.ts routeError): a screen's
 * switch on `status` takes only the statuses the contract gives the route, and each status's body.
 */
import { ApiRequestError, NetworkError, routeError } from '../../web/src/lib/api-client';

const taken = new ApiRequestError(409, 'You already have a tag named "Weekly".', 'You already have a tag named "Weekly".', { error: 'You already have a tag named "Weekly".' });

it("gives a server's error answer as the route's error, and nothing when no answer came", () => {
  expect(routeError('POST /api/tags', taken)).toBe(taken);
  expect(routeError('POST /api/tags', new NetworkError())).toBeUndefined();
  expect(routeError('POST /api/tags', new Error('not a call'))).toBeUndefined();
});

it("types the status by the route's declared errors, and the body by the status", () => {
  const failure = routeError('POST /api/tags', taken);
  // POST /api/tags declares 409 (a name taken); GET /api/tags has no body to refuse and declares no 409.
  const word = (): string => {
    switch (failure?.status) {
      case 409:
        return failure.body.error;
      case 429:
        return `wait ${failure.body.retry_after ?? 0}`;
      // @ts-expect-error 418 is no status of POST /api/tags
      case 418:
        return 'teapot';
      default:
        return 'other';
    }
  };
  expect(word()).toBe('You already have a tag named "Weekly".');
  // @ts-expect-error GET /api/tags declares no 409
  expect(routeError('GET /api/tags', taken)?.status === 409).toBe(true);
});
