import { readableFailureReason } from '../../functions/domain/workflow-failure';

describe('readableFailureReason', () => {
  it('shows the message of our own user-facing errors, from Lambda JSON causes and plain ones', () => {
    expect(readableFailureReason({ Error: 'MediaError', Cause: '{"errorType":"MediaError","errorMessage":"The uploaded file is empty."}' })).toBe('The uploaded file is empty.');
    expect(readableFailureReason({ Error: 'MediaError', Cause: 'The uploaded file could not be found.' })).toBe('The uploaded file could not be found.');
  });

  it('never shows internal faults to the user', () => {
    const reason = readableFailureReason({ Error: 'AccessDenied', Cause: '{"errorMessage":"User arn:aws:iam::1:role/x is not authorized"}' });
    expect(reason).not.toMatch(/arn:aws/);
    expect(reason).toMatch(/could not be completed/);
  });

  it('explains timeouts and copes with a missing payload', () => {
    expect(readableFailureReason({ Error: 'States.Timeout' })).toMatch(/too long/);
    expect(readableFailureReason(undefined)).toMatch(/could not be completed/);
  });
});
